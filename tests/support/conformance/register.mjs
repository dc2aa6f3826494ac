// Loaded with `node --import`: lets the conformance harness start on Node 20, whose `fs` has no
// `globSync` (Node 22 added it; the harness uses it only for `tier-check`, which tests never run).
import { register } from "node:module";

register("./hooks.mjs", import.meta.url);
