/* Force-include (-include) in Clang parses seen by the cuda-launch-lint
   clang-tidy module or compiler plugin, after the CUDA headers: routes the
   annotation macros to attributes the module registers, because Clang 19
   ignores __maxnreg__ and __cluster_dims__ and drops __launch_bounds__'s
   third argument below sm_90. Only for analysis: do not compile with it. */
#undef __launch_bounds__
#define __launch_bounds__(...)                                                 \
  __attribute__((cudalint_launch_bounds(0, __VA_ARGS__)))
#undef __maxnreg__
#define __maxnreg__(...) __attribute__((cudalint_maxnreg(0, __VA_ARGS__)))
#undef __cluster_dims__
#define __cluster_dims__(...)                                                  \
  __attribute__((cudalint_cluster_dims(0, __VA_ARGS__)))
