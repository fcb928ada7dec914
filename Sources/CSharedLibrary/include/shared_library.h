#ifndef LENTA_SHARED_LIBRARY_H
#define LENTA_SHARED_LIBRARY_H

// A system library (FFmpeg's, libheif, aubio) opened with dlopen the first time one of its
// functions is called, instead of linked: each library lenta links is mapped and bound (Debian
// builds them `-z now`) at every process start, a `lenta --version` or the rescan of an unchanged
// folder as much as a render. The generated `*_functions.c` of CFFmpeg, CHeif and CAubio define
// each function lenta calls, with the prototype of the library's own header, as a call through the
// address found here (scripts/library-stubs). Used from C only.

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

typedef struct LentaSharedLibrary {
    /// The versioned name dlopen looks for (`libavformat.so.59`), as the library's package installs it.
    const char *file;
    /// The functions looked up, and their addresses once loaded (in the same order).
    const char *const *names;
    void **addresses;
    size_t count;
    /// Called once loaded, before any function is reached through it (NULL: nothing to do).
    void (*loaded)(void);
    /// Held while loading (and by `loaded`'s family when it must not race with it).
    pthread_mutex_t lock;
    /// 0 before the first attempt, 1 loaded with every function, -1 failed (`failure` says why).
    _Atomic int state;
    char failure[512];
} LentaSharedLibrary;

#define LENTA_SHARED_LIBRARY(file, names, addresses, loaded) \
    { file, names, addresses, sizeof names / sizeof *names, loaded, PTHREAD_MUTEX_INITIALIZER, 0, "" }

/// Opens `library` and finds its functions on the first call (once per process, whichever thread
/// asks first): 1 when all were found, else 0 and `library->failure` says why (the file and
/// dlerror's text). Never unloaded.
int lenta_shared_library_load(LentaSharedLibrary *library);

/// `lenta_shared_library_load`'s answer, an atomic load once it is known: what every call pays.
static inline int lenta_shared_library_ready(LentaSharedLibrary *library) {
    int state = atomic_load_explicit(&library->state, memory_order_acquire);
    return state ? state > 0 : lenta_shared_library_load(library);
}

/// The reason the first of `libraries` that failed to load gave, or NULL when none has failed
/// (those not tried yet are not tried here).
const char *lenta_shared_library_failure(LentaSharedLibrary *const *libraries, size_t count);

#endif
