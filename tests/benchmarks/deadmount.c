/* A dead mount stand-in: any stat/open/opendir/access of BENCH_BLOCK_PATH (or below it) never returns,
 * named in full or relative to a folder's fd (the checker opens a folder by its name from the one above).
 * Built at bench time: gcc -shared -fPIC -O2 -o deadmount.so deadmount.c -ldl; used through LD_PRELOAD. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int blocked(const char *path) {
    const char *block = getenv("BENCH_BLOCK_PATH");
    if (!block || !*block || !path) return 0;
    size_t n = strlen(block);
    return strncmp(path, block, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

/* Whether one of `p`'s components is one of the blocked path's: only then can `p`, taken relative
 * to a folder, lead into it. No open folder lies inside the blocked path (opening one never
 * returns), so "." and ".." from one, or a path of other names, cannot: those are answered without
 * the `readlink` below, which would otherwise add a system call to every relative lookup and make a
 * checker that works from open folders pay for the stand-in, as a real dead mount does not. */
static int is_block_component(const char *name, size_t n, const char *block) {
    for (const char *c = block; (c = strchr(c, '/')) != NULL;) {
        c++;
        if (strncmp(c, name, n) == 0 && (c[n] == '/' || c[n] == '\0')) return 1;
    }
    return 0;
}

static int may_lead_in(const char *p) {
    const char *block = getenv("BENCH_BLOCK_PATH");
    if (!block || !*block) return 0;
    for (const char *c = p; *c;) {
        size_t n = strcspn(c, "/");
        int dots = (n == 1 && c[0] == '.') || (n == 2 && c[0] == '.' && c[1] == '.');
        if (n > 0 && !dots && is_block_component(c, n, block)) return 1;
        c += n;
        while (*c == '/') c++;
    }
    return 0;
}

/* `p` relative to the folder open as `d` (AT_FDCWD: the working folder), spelled in full. */
static int blocked_at(int d, const char *p) {
    if (!p || p[0] == '/' ) return blocked(p);
    if (!may_lead_in(p)) return 0;
    char link[64], base[PATH_MAX], full[2 * PATH_MAX + 2];
    if (d == AT_FDCWD) snprintf(link, sizeof link, "/proc/self/cwd");
    else snprintf(link, sizeof link, "/proc/self/fd/%d", d);
    ssize_t n = readlink(link, base, sizeof base - 1);
    if (n <= 0) return 0;
    base[n] = '\0';
    snprintf(full, sizeof full, "%s/%s", strcmp(base, "/") == 0 ? "" : base, p);
    return blocked(full);
}

static void hang(void) {
    for (;;) pause();
}

#define NEXT(name) static void *next; if (!next) next = dlsym(RTLD_NEXT, name)

#define PATH_CALL(ret, name, params, args, path)                     \
    ret name params {                                                \
        NEXT(#name);                                                 \
        if (blocked(path)) hang();                                   \
        return ((ret(*) params)next) args;                           \
    }

#define AT_CALL(ret, name, params, args, dir, path)                  \
    ret name params {                                                \
        NEXT(#name);                                                 \
        if (blocked_at(dir, path)) hang();                           \
        return ((ret(*) params)next) args;                           \
    }

struct stat;
struct stat64;
struct statx;

PATH_CALL(int, stat, (const char *p, struct stat *b), (p, b), p)
PATH_CALL(int, lstat, (const char *p, struct stat *b), (p, b), p)
PATH_CALL(int, stat64, (const char *p, struct stat64 *b), (p, b), p)
PATH_CALL(int, lstat64, (const char *p, struct stat64 *b), (p, b), p)
AT_CALL(int, fstatat, (int d, const char *p, struct stat *b, int f), (d, p, b, f), d, p)
AT_CALL(int, fstatat64, (int d, const char *p, struct stat64 *b, int f), (d, p, b, f), d, p)
PATH_CALL(int, __xstat, (int v, const char *p, struct stat *b), (v, p, b), p)
PATH_CALL(int, __lxstat, (int v, const char *p, struct stat *b), (v, p, b), p)
PATH_CALL(int, __xstat64, (int v, const char *p, struct stat64 *b), (v, p, b), p)
AT_CALL(int, __fxstatat, (int v, int d, const char *p, struct stat *b, int f), (v, d, p, b, f), d, p)
AT_CALL(int, __fxstatat64, (int v, int d, const char *p, struct stat64 *b, int f), (v, d, p, b, f), d, p)
AT_CALL(int, statx, (int d, const char *p, int f, unsigned int m, struct statx *b), (d, p, f, m, b), d, p)
PATH_CALL(void *, opendir, (const char *p), (p), p)
PATH_CALL(int, access, (const char *p, int m), (p, m), p)
AT_CALL(int, faccessat, (int d, const char *p, int m, int f), (d, p, m, f), d, p)
PATH_CALL(int, __open_2, (const char *p, int f), (p, f), p)
AT_CALL(int, __openat_2, (int d, const char *p, int f), (d, p, f), d, p)

#define OPEN_CALL(name, params, args, dir, path)                     \
    int name params {                                                \
        NEXT(#name);                                                 \
        va_list ap;                                                  \
        va_start(ap, flags);                                         \
        int mode = va_arg(ap, int);                                  \
        va_end(ap);                                                  \
        if (blocked_at(dir, path)) hang();                           \
        return ((int(*) params)next) args;                           \
    }

OPEN_CALL(open, (const char *p, int flags, ...), (p, flags, mode), AT_FDCWD, p)
OPEN_CALL(open64, (const char *p, int flags, ...), (p, flags, mode), AT_FDCWD, p)
OPEN_CALL(openat, (int d, const char *p, int flags, ...), (d, p, flags, mode), d, p)
OPEN_CALL(openat64, (int d, const char *p, int flags, ...), (d, p, flags, mode), d, p)
