/* A C caller of an object file written by `cf-opt FILE --emit=object` (docs/llvm-backend.md):
 * calls `weir_main` with the entry convention, one argument and one result, both an i64
 * given as the first command-line argument and printed in decimal; a runtime fault prints
 * its message from the object's fault table and exits 1. */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* The runtime context (docs/llvm-backend.md): status, stack limit, loop budget, and a
 * pointer the scalar code never reads. */
struct weir_runtime_context {
  uint64_t status;
  uint64_t stack_limit;
  uint64_t fuel;
  void *state;
};

extern void weir_main(const uint64_t *args, uint64_t *results,
                      struct weir_runtime_context *rt);
extern const char *const weir_fault_messages[];

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s N\n", argv[0]);
    return 2;
  }
  uint64_t args[1] = {(uint64_t)strtoll(argv[1], NULL, 10)};
  uint64_t results[1] = {0};
  /* No stack check (limit 0) and no loop budget (all ones). */
  struct weir_runtime_context rt = {0, 0, UINT64_MAX, NULL};
  weir_main(args, results, &rt);
  if (rt.status != 0) {
    fprintf(stderr, "runtime error: %s\n", weir_fault_messages[rt.status - 1]);
    return 1;
  }
  printf("%" PRId64 "\n", (int64_t)results[0]);
  return 0;
}
