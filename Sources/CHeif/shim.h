#ifndef LENTA_CHEIF_SHIM_H
#define LENTA_CHEIF_SHIM_H

#include <libheif/heif.h>

#endif
