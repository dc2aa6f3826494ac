// Node's own `fs`, plus the `globSync` export Node 20 lacks (Node 22's is used where it exists).
import fs from "node:fs";

export * from "node:fs";
export default fs;
export const globSync =
  fs.globSync ??
  (() => {
    throw new Error("fs.globSync needs Node 22");
  });
