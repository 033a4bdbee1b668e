#pragma once
#define BLOCK 128
