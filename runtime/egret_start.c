/* An executable's entry point. Linked into executables only: an object built with
 * `egret build --output-obj` leaves `main` to the C program embedding it, which starts the
 * OCaml program with caml_startup (egret_embed.c). */
#include "egret_runtime.h"

int main(int argc, char **argv) {
  egret_start_program(argc, argv);
  egret_gc_report();
  return 0;
}
