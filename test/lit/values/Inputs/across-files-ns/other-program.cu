// Another program of the same compile database defines the same helper.
__global__ void other(float *p) {}
namespace app {
void launch(float *p, int threads) { other<<<1, threads>>>(p); }
} // namespace app
