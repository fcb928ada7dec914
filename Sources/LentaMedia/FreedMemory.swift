/// Returns freed heap memory to the system: glibc keeps it in its arenas otherwise, where a
/// large decode's buffers would stay counted against the process after it is over.
public func returnFreedMemory() {
    #if canImport(Glibc)
    _ = glibcMallocTrim(0)
    #endif
}

#if canImport(Glibc)
/// glibc's `malloc_trim` (declared in <malloc.h>, which the Glibc module does not export).
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
#endif
