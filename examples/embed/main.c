/* examples/embed: a C program that starts an OCaml program and calls the closures it
 * registered (OCaml's embedding API: caml_startup, caml_named_value, caml_callback).
 *
 * With egret:   egret build --output-obj prog.ml -o prog.o
 *               cc -I ../../runtime/include main.c prog.o -lm -o main
 * With ocamlopt: ocamlopt -output-complete-obj prog.ml -o prog.o
 *               cc -I "$(ocamlc -where)" main.c prog.o -lm -ldl -o main
 * Both print main.out. */
#include <stdio.h>
#include <string.h>
#include <caml/alloc.h>
#include <caml/callback.h>
#include <caml/memory.h>
#include <caml/mlvalues.h>

static const value *lookup(const char *name) {
  const value *v = caml_named_value(name);
  if (v == NULL) {
    printf("%s is not registered\n", name);
    fflush(stdout);
  }
  return v;
}

/* OCaml's rules for C code holding values (CAMLparam/CAMLlocal: OCaml's collector moves
 * young blocks) are kept, so the same program is right with ocamlopt's runtime; egret's
 * collector scans the C stack and never moves blocks, and accepts them. */
static void run(void) {
  CAMLparam0();
  CAMLlocal3(name, s, greet_c);
  CAMLlocal3(arg, list, cell);

  for (int n = 0; n <= 90; n += 30)
    printf("fib %d = %ld\n", n, (long)Long_val(caml_callback(*lookup("fib"), Val_long(n))));

  /* An exception, caught with the _exn variant. */
  value r = caml_callback_exn(*lookup("fib"), Val_long(91));
  if (Is_exception_result(r)) {
    value exn = Extract_exception(r);
    /* An exception with an argument is a block: [identity; arguments...]. */
    printf("fib 91 raised an exception with argument %ld\n", (long)Long_val(Field(exn, 1)));
  }

  /* Two arguments, strings both ways; a value held in C across collections. */
  name = caml_copy_string("world");
  caml_callback(*lookup("churn"), Val_long(20000));
  arg = caml_copy_string("Hello");
  s = caml_callback2(*lookup("greet"), name, arg);
  caml_callback(*lookup("churn"), Val_long(20000));
  printf("%s (%lu bytes)\n", String_val(s), (unsigned long)caml_string_length(s));

  /* Partial application: one argument gives a closure, applied later. */
  arg = caml_copy_string("C");
  greet_c = caml_callback(*lookup("greet"), arg);
  arg = caml_copy_string("Bonjour");
  printf("%s\n", String_val(caml_callback(greet_c, arg)));

  printf("sum3 = %ld\n",
         (long)Long_val(caml_callback3(*lookup("sum3"), Val_long(1), Val_long(20), Val_long(300))));
  value four[4] = {Val_long(1), Val_long(2), Val_long(3), Val_long(4000)};
  printf("sum4 = %ld\n", (long)Long_val(caml_callbackN(*lookup("sum4"), 4, four)));

  /* A list built by OCaml, walked in C (nothing allocates meanwhile). */
  printf("range 6 =");
  for (value l = caml_callback(*lookup("range"), Val_long(6)); l != Val_emptylist; l = Field(l, 1))
    printf(" %ld", (long)Long_val(Field(l, 0)));
  printf("\n");

  /* A list built in C, floats both ways. */
  list = Val_emptylist;
  for (int i = 1; i <= 4; i++) {
    arg = caml_copy_double(i * 1.5);
    cell = caml_alloc_tuple(2);
    Store_field(cell, 0, arg);
    Store_field(cell, 1, list);
    list = cell;
  }
  printf("average = %g\n", Double_val(caml_callback(*lookup("average"), list)));

  arg = caml_copy_string("goodbye");
  caml_callback(*lookup("say"), arg);
  lookup("missing");
  CAMLreturn0;
}

int main(int argc, char **argv) {
  (void)argc;
  /* C's stdout and OCaml's are separate buffers: C's unbuffered, so the lines interleave in
   * program order (OCaml's print_endline flushes). */
  setvbuf(stdout, NULL, _IONBF, 0);
  printf("C: before caml_startup\n");
  caml_startup(argv);
  printf("C: after caml_startup\n");
  run();
  printf("C: done\n");
  return 0;
}
