#include "shared_library.h"

#include <dlfcn.h>
#include <stdio.h>

int lenta_shared_library_load(LentaSharedLibrary *library) {
    pthread_mutex_lock(&library->lock);
    int state = atomic_load_explicit(&library->state, memory_order_acquire);
    if (state == 0) {
        // RTLD_LOCAL: its symbols stay out of the global scope, so another library loaded later
        // cannot bind to them by accident; lenta reaches them through `addresses` alone.
        void *handle = dlopen(library->file, RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            const char *error = dlerror();
            snprintf(library->failure, sizeof library->failure, "%s", error ? error : library->file);
        } else {
            size_t found = 0;
            for (; found < library->count; found++) {
                void *address = dlsym(handle, library->names[found]);
                if (!address) break;
                library->addresses[found] = address;
            }
            if (found < library->count) {
                // A library of the right major version lacks a function: not the build lenta was made for.
                snprintf(library->failure, sizeof library->failure, "%s has no function %s",
                         library->file, library->names[found]);
                dlclose(handle);
            }
        }
        state = library->failure[0] ? -1 : 1;
        if (state > 0 && library->loaded) library->loaded();
        atomic_store_explicit(&library->state, state, memory_order_release);
    }
    pthread_mutex_unlock(&library->lock);
    return state > 0;
}

const char *lenta_shared_library_failure(LentaSharedLibrary *const *libraries, size_t count) {
    for (size_t i = 0; i < count; i++) {
        if (atomic_load_explicit(&libraries[i]->state, memory_order_acquire) < 0) return libraries[i]->failure;
    }
    return NULL;
}
