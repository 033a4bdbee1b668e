/* Stand-in for MATLAB's gpu/mxGPUArray.h (Parallel Computing Toolbox), written
   for bench/bugs: declares only what api/matlab/arrus/mexcuda/rawReorg.cu uses.
 */
#pragma once
#include "mex.h"

typedef struct mxGPUArray_tag mxGPUArray;
typedef enum {
  MX_GPU_INITIALIZE_VALUES = 0,
  MX_GPU_DO_NOT_INITIALIZE = 1
} mxGPUInitialize;

#ifdef __cplusplus
extern "C" {
#endif
int mxInitGPU(void);
mxGPUArray const *mxGPUCreateFromMxArray(mxArray const *mp);
mwSize const *mxGPUGetDimensions(mxGPUArray const *mgp);
void const *mxGPUGetDataReadOnly(mxGPUArray const *mgp);
void *mxGPUGetData(mxGPUArray *mgp);
mxGPUArray *mxGPUCreateGPUArray(mwSize ndims, mwSize const *dims, mxClassID cid,
                                mxComplexity ccx, mxGPUInitialize init0);
mxArray *mxGPUCreateMxArrayOnGPU(mxGPUArray const *mgp);
void mxGPUDestroyGPUArray(mxGPUArray const *mgp);
#ifdef __cplusplus
}
#endif
