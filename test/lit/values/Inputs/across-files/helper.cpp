void launch_direct(float *p, int threads);
void helper(float *p, int t) { launch_direct(p, t); }
