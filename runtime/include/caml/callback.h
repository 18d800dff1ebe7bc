/* OCaml's <caml/callback.h> for egret: see ../egret_embed.h. */
#include "../egret_embed.h"
