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

/* nvcc gives host code the CUDA math header's min and max overloads on
   integers and floating point (crt/math_functions.hpp); Clang's CUDA wrapper
   reads that header with __host__ disabled, so only its device-side ones
   exist and host code that calls max(n, 256) does not parse. The same
   overloads, host-side only: beside Clang's device ones (CUDA overloads on
   the target) and never instead of std::min / std::max. */
#if defined(__cplusplus) && defined(__CUDA__) && defined(__clang__)
#define CUDALINT_HOST_MIN_MAX(R, A, B)                                         \
  static inline __host__ R(min)(A __a, B __b) {                                \
    return (R)__a < (R)__b ? (R)__a : (R)__b;                                  \
  }                                                                            \
  static inline __host__ R(max)(A __a, B __b) {                                \
    return (R)__a > (R)__b ? (R)__a : (R)__b;                                  \
  }
CUDALINT_HOST_MIN_MAX(int, int, int)
CUDALINT_HOST_MIN_MAX(unsigned int, unsigned int, unsigned int)
CUDALINT_HOST_MIN_MAX(unsigned int, int, unsigned int)
CUDALINT_HOST_MIN_MAX(unsigned int, unsigned int, int)
CUDALINT_HOST_MIN_MAX(long int, long int, long int)
CUDALINT_HOST_MIN_MAX(unsigned long int, unsigned long int, unsigned long int)
CUDALINT_HOST_MIN_MAX(unsigned long int, long int, unsigned long int)
CUDALINT_HOST_MIN_MAX(unsigned long int, unsigned long int, long int)
CUDALINT_HOST_MIN_MAX(long long int, long long int, long long int)
CUDALINT_HOST_MIN_MAX(unsigned long long int, unsigned long long int,
                      unsigned long long int)
CUDALINT_HOST_MIN_MAX(unsigned long long int, long long int,
                      unsigned long long int)
CUDALINT_HOST_MIN_MAX(unsigned long long int, unsigned long long int,
                      long long int)
CUDALINT_HOST_MIN_MAX(float, float, float)
CUDALINT_HOST_MIN_MAX(double, double, double)
CUDALINT_HOST_MIN_MAX(double, float, double)
CUDALINT_HOST_MIN_MAX(double, double, float)
#undef CUDALINT_HOST_MIN_MAX
/* The helpers nvcc's host min and max are written with. */
static inline __host__ unsigned int umin(unsigned int __a, unsigned int __b) {
  return __a < __b ? __a : __b;
}
static inline __host__ unsigned int umax(unsigned int __a, unsigned int __b) {
  return __a > __b ? __a : __b;
}
static inline __host__ long long int llmin(long long int __a,
                                           long long int __b) {
  return __a < __b ? __a : __b;
}
static inline __host__ long long int llmax(long long int __a,
                                           long long int __b) {
  return __a > __b ? __a : __b;
}
static inline __host__ unsigned long long int
ullmin(unsigned long long int __a, unsigned long long int __b) {
  return __a < __b ? __a : __b;
}
static inline __host__ unsigned long long int
ullmax(unsigned long long int __a, unsigned long long int __b) {
  return __a > __b ? __a : __b;
}
#endif

/* nvcc gives device code the cache-hint loads and stores of CUDA's
   sm_32_intrinsics.h (__ldcg, __ldca, __ldcs, __ldlu, __ldcv, __stcg, __stcs,
   __stwb, __stwt); Clang 19's CUDA wrapper leaves that header out and
   declares __ldg only, so every call is an error, and past Clang's error limit
   whole templates are lost. The same overloads (sm_32_intrinsics.h's 30
   types), for the host-side parse only: their bodies are never compiled for a
   GPU. */
#if defined(__cplusplus) && defined(__CUDA__) && defined(__clang__) &&         \
    __clang_major__ <= 19 && defined(__VECTOR_TYPES_H__)
#define CUDALINT_CACHE_HINTS(T)                                                \
  static __device__ __inline__ T __ldcg(const T *__p) { return *__p; }         \
  static __device__ __inline__ T __ldca(const T *__p) { return *__p; }         \
  static __device__ __inline__ T __ldcs(const T *__p) { return *__p; }         \
  static __device__ __inline__ T __ldlu(const T *__p) { return *__p; }         \
  static __device__ __inline__ T __ldcv(const T *__p) { return *__p; }         \
  static __device__ __inline__ void __stcg(T *__p, T __v) { *__p = __v; }      \
  static __device__ __inline__ void __stcs(T *__p, T __v) { *__p = __v; }      \
  static __device__ __inline__ void __stwb(T *__p, T __v) { *__p = __v; }      \
  static __device__ __inline__ void __stwt(T *__p, T __v) { *__p = __v; }
CUDALINT_CACHE_HINTS(long)
CUDALINT_CACHE_HINTS(unsigned long)
CUDALINT_CACHE_HINTS(char)
CUDALINT_CACHE_HINTS(signed char)
CUDALINT_CACHE_HINTS(short)
CUDALINT_CACHE_HINTS(int)
CUDALINT_CACHE_HINTS(long long)
CUDALINT_CACHE_HINTS(char2)
CUDALINT_CACHE_HINTS(char4)
CUDALINT_CACHE_HINTS(short2)
CUDALINT_CACHE_HINTS(short4)
CUDALINT_CACHE_HINTS(int2)
CUDALINT_CACHE_HINTS(int4)
CUDALINT_CACHE_HINTS(longlong2)
CUDALINT_CACHE_HINTS(unsigned char)
CUDALINT_CACHE_HINTS(unsigned short)
CUDALINT_CACHE_HINTS(unsigned int)
CUDALINT_CACHE_HINTS(unsigned long long)
CUDALINT_CACHE_HINTS(uchar2)
CUDALINT_CACHE_HINTS(uchar4)
CUDALINT_CACHE_HINTS(ushort2)
CUDALINT_CACHE_HINTS(ushort4)
CUDALINT_CACHE_HINTS(uint2)
CUDALINT_CACHE_HINTS(uint4)
CUDALINT_CACHE_HINTS(ulonglong2)
CUDALINT_CACHE_HINTS(float)
CUDALINT_CACHE_HINTS(double)
CUDALINT_CACHE_HINTS(float2)
CUDALINT_CACHE_HINTS(float4)
CUDALINT_CACHE_HINTS(double2)
#undef CUDALINT_CACHE_HINTS
#endif

/* nvcc defines __CUDACC__ as 1; Clang's CUDA wrapper defines it empty, so
   a header that tests `#if __CUDACC__` (NCCL's nccl_device/utility.h) does
   not parse. */
#if defined(__CUDA__) && defined(__clang__) && defined(__CUDACC__)
#undef __CUDACC__
#define __CUDACC__ 1
#endif
