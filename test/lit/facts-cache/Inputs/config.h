#pragma once
#include "sizes.h"
#define MAX_THREADS 256
