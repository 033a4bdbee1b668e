/* Stand-in for MATLAB's mex.h (not shipped with the arrus repository; it comes
   with a MATLAB installation). Written for bench/bugs: declares only what
   api/matlab/arrus/mexcuda/rawReorg.cu uses, so the file parses standalone. */
#pragma once
#include <stddef.h>

typedef size_t mwSize;
typedef struct mxArray_tag mxArray;

typedef enum { mxUNKNOWN_CLASS = 0, mxSINGLE_CLASS = 7 } mxClassID;
typedef enum { mxREAL = 0, mxCOMPLEX = 1 } mxComplexity;

#ifdef __cplusplus
extern "C" {
#endif
double mxGetScalar(const mxArray *pa);
void mexErrMsgIdAndTxt(const char *identifier, const char *err_msg, ...);
#ifdef __cplusplus
}
#endif
