// A host-only object for the static library: no device code.
int host_only(int x) { return x + 1; }
