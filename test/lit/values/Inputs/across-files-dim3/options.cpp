extern int g_threads;
void parse_options(int argc) {
  if (argc > 1)
    g_threads = 2048;
}
