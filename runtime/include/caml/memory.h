/* OCaml's <caml/memory.h> for egret: see ../egret_embed.h. */
#include "../egret_embed.h"
