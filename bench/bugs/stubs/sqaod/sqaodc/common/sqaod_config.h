/* Stand-in for sqaod's sqaodc/common/sqaod_config.h, which autoconf generates
   from config/sqaod_config.h.in at configure time. Written for bench/bugs: the
   CUDA build's settings (CUDA enabled, no BLAS). */
#pragma once
#define SQAODC_CUDA_ENABLED
