/* stand-in: CUDA 13 removed texture_fetch_functions.h, which Clang 19's CUDA
   wrapper still includes. Put this directory on the include path with
   -idirafter. */
