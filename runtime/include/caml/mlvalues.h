/* OCaml's <caml/mlvalues.h> for egret: see ../egret_embed.h. */
#include "../egret_embed.h"
