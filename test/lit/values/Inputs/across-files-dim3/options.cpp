extern int g_threads;
void parse_options(int argc) {
  if (argc > 1)
    g_threads = 2048;
}
// Another program's global of the same name: its own, written here.
int g_rows = 8;
void shrink() { g_rows = 4; }
