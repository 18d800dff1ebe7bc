/* egret's heap: allocation and a mark-sweep garbage collector.
 *
 * Design (see egret_runtime.h for the allocation protocol compiled code follows):
 *
 *   - The heap is one contiguous reservation of address space, committed from its low end as
 *     it grows, so "is this word a heap address" is a range check. Objects never move.
 *   - Free memory is a list of free *spans* in address order, rebuilt by every sweep. Small
 *     objects are bump-allocated from the current span ("young region", [egret_young_ptr,
 *     egret_young_limit)), which compiled code does inline; when it is exhausted the slow path
 *     `egret_alloc` takes the next span that fits (skipping smaller ones until the next sweep).
 *     Objects of more than MEDIUM_WORDS words are carved first-fit out of any span.
 *   - Two side bitmaps with one bit per heap word: `start_bits` marks the header of every
 *     object known to the collector, `mark_bits` the headers of objects found live. The fast
 *     path does not touch them. Bump allocation proceeds in chunks of at most CHUNK_WORDS
 *     words (the inline limit is the chunk's end, so the slow path runs once per chunk and
 *     records it): the memory allocated since the previous collection is a sorted list of
 *     "fresh" regions, each a sequence of whole blocks starting with a header. A root pointing
 *     into one has its region parsed header by header (the objects' start bits set) only up
 *     to the root's block, so the parsing a collection does is bounded by the roots (at most
 *     a chunk each), not by the allocation since the previous collection. The start bits are
 *     needed to find the block containing an ambiguous root, never to
 *     follow a heap field (a scanned field is an int, a pointer outside the heap, or exactly a
 *     block's first field: the compiled code's invariant, ARCHITECTURE.md). The sweep keeps
 *     only the marked blocks, so a dead block never needs its start bit.
 *   - Roots are found conservatively: the words of the program stack from the current stack
 *     pointer to its base (the runtime allocates that stack at start-up), the C stack's live
 *     part when C code embeds the program (egret_embed.c), the callee-saved
 *     registers (spilled into this frame by setjmp and __builtin_unwind_init),
 *     egret_extra_args, and the cells registered with egret_register_global_root. A root
 *     may point anywhere inside a block, its header included: the containing block is the
 *     nearest start bit at or below the address, searched at most
 *     LARGE_WORDS back; blocks longer than that are "large" and found in a sorted table.
 *   - Heap objects are scanned precisely: a field is followed only if it points exactly at
 *     field 0 of a block with a start bit; closures' field 0 (a code pointer) is skipped, and
 *     blocks with a tag >= No_scan_tag (strings) are not scanned. Marking uses an explicit
 *     stack, so a list of a million cells does not recurse.
 *   - The sweep walks the mark bitmap only (never the free memory): the gaps between live
 *     blocks become the new free spans, the mark bitmap becomes the start bitmap.
 *   - A collection happens when no free span can serve an allocation, i.e. after about as many
 *     words as were free after the previous one. After it the heap grows until free space is at
 *     least FREE_PER_LIVE_PERCENT % of live data (and the request fits), so the heap stays
 *     within a constant factor of the live data and every collection is paid for by
 *     allocation proportional to the live data.
 *   - Between marking and sweeping, the weak phase (egret_weak.c) marks what finalisers and
 *     ephemerons keep alive and clears the weak pointers to unmarked blocks.
 *   - The allocation counters need nothing from the inline path: the words allocated are the
 *     retired regions', the carved blocks' and the current region's used part.
 *   - EGRET_GC_STRESS=1 collects at every allocation (compiled code always takes the slow
 *     path: egret_young_limit == egret_young_ptr); EGRET_GC_STRESS=N at every N-th one.
 *     EGRET_GC_STATS=1 prints a summary to stderr at exit (with the words parsed to find
 *     roots' blocks, which tests/gc.rs checks stay a small fraction of the words allocated).
 */
#define _GNU_SOURCE
#include "egret_runtime.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

/* ---- the inline-allocation protocol ---- */

uint64_t *egret_young_ptr;
uint64_t *egret_young_limit;

/* ---- tuning ---- */

#define WORD 8
#define PAGE_BYTES ((size_t)4096)
/* Address space reserved for the heap: the first of these sizes mmap grants. */
#define MAX_RESERVE_BYTES ((size_t)1 << 37)
#define MIN_RESERVE_BYTES ((size_t)1 << 24)
/* The first committed heap, and the smallest growth step. */
#define INITIAL_HEAP_BYTES ((size_t)8 << 20)
#define STRESS_INITIAL_HEAP_BYTES ((size_t)256 << 10)
#define GROWTH_STEP_BYTES ((size_t)1 << 20)
/* After a collection, free space must be at least FREE_PER_LIVE_PERCENT % of live data. */
#define FREE_PER_LIVE_PERCENT 200
/* Blocks of more words than this (header included) are carved first-fit from the spans. */
#define MEDIUM_WORDS 64
/* Blocks of more words than this (header included) are "large": recorded in a table. */
#define LARGE_WORDS EGRET_LARGE_WORDS
/* Bump allocation proceeds in chunks of at most this many words (the inline fast path's limit
 * is the chunk's end): each chunk is a fresh region of its own, so a root pointing into the
 * memory allocated since the last collection needs at most its chunk parsed, not all of it.
 * Larger than MEDIUM_WORDS, so a new chunk always has room for the request that ended the old. */
#define CHUNK_WORDS ((size_t)4096)
/* Free gaps smaller than this many words are not worth a span. */
#define MIN_SPAN_WORDS 2

#define No_scan_tag 251
/* OCaml's Max_young_wosize: larger blocks are "major" words in Gc's counters. */
#define MAX_YOUNG_WOSIZE 256

/* ---- state ---- */

static uint64_t *heap_base;        /* start of the reservation */
static uint64_t *heap_end;         /* end of the committed heap */
static uint64_t *heap_reserve_end; /* end of the reservation */
static uint64_t *start_bits;       /* one bit per heap word: a block's header is here */
static uint64_t *mark_bits;        /* one bit per heap word: that block is live */
static size_t bitmap_reserve_bytes;

static int gc_initialised;
static int stress_mode;
/* In stress mode, a collection every `stress_interval` allocations (1: at every one). */
static uint64_t stress_interval, stress_countdown;
static int stats_mode;

struct span {
  uint64_t *start, *end;
};

/* Free spans in address order; spans[span_next..span_count) are still available. */
static struct span *spans;
static size_t span_count, span_capacity, span_next;

/* The region being bump-allocated (the current chunk): [region_start, egret_young_ptr) is
 * allocated, [egret_young_ptr, region_limit) is free (the rest of the span). egret_young_limit
 * is the chunk's end (publish_limit), NULL while a signal is pending, or egret_young_ptr in
 * stress mode. */
static uint64_t *region_start, *region_limit;

/* The unparsed parts of the regions (chunks) bump-allocated since the last collection. */
static struct span *fresh;
static size_t fresh_count, fresh_capacity;

/* Large blocks (headers), sorted by address at each collection. */
static uint64_t **large;
static size_t large_count, large_capacity;
static int large_sorted = 1;

/* The mark stack: headers of marked blocks whose fields are still to be scanned. */
static uint64_t **mark_stack;
static size_t mark_top, mark_capacity;

/* Statistics. */
static uint64_t stat_collections;
static uint64_t stat_live_words; /* after the last collection */
static uint64_t stat_peak_heap_bytes;
static uint64_t stat_allocated_words; /* up to the last retired region */
/* Words (headers included) of the blocks of more than Max_young_wosize fields: OCaml allocates
 * those directly in its major heap, so Gc counts them as major words, the rest as minor. */
static uint64_t stat_major_direct_words;
static uint64_t stat_forced_collections, stat_compactions;
/* Words of fresh regions parsed to find the blocks roots point into (EGRET_GC_STATS). */
static uint64_t stat_parsed_words;

/* ---- fatal errors ---- */

void egret_out_of_memory(void) {
  egret_flush_std_channels();
  static const char msg[] = "Fatal error: out of memory\n";
  (void)!write(2, msg, sizeof msg - 1);
  _exit(2);
}

static void gc_fatal(const char *what) __attribute__((noreturn));
static void gc_fatal(const char *what) {
  egret_flush_std_channels();
  (void)!write(2, "Fatal error: GC: ", 17);
  (void)!write(2, what, strlen(what));
  (void)!write(2, "\n", 1);
  abort();
}

/* A growable array of `size`-byte elements outside the heap (malloc'd). */
static void *grow_array(void *array, size_t *capacity, size_t size) {
  size_t n = *capacity < 64 ? 64 : *capacity * 2;
  void *p = realloc(array, n * size);
  if (p == NULL) egret_out_of_memory();
  *capacity = n;
  return p;
}

/* ---- bitmaps ---- */

static inline size_t word_index(const uint64_t *p) { return (size_t)(p - heap_base); }

static inline int bit_test(const uint64_t *bits, size_t i) { return (bits[i >> 6] >> (i & 63)) & 1; }
static inline void bit_set(uint64_t *bits, size_t i) { bits[i >> 6] |= (uint64_t)1 << (i & 63); }

/* ---- the address space ---- */

static void *reserve(size_t bytes) {
  void *p = mmap(NULL, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

static int commit(void *start, size_t bytes) {
  return mprotect(start, bytes, PROT_READ | PROT_WRITE) == 0;
}

static size_t round_up(size_t n, size_t to) { return (n + to - 1) / to * to; }

/* Extends the committed heap (and its bitmaps) to `new_bytes`; the new memory becomes a free
 * span. Returns 0 when the reservation or the system refuses. */
static int grow_heap_to(size_t new_bytes) {
  size_t old_bytes = (size_t)(heap_end - heap_base) * WORD;
  if (new_bytes <= old_bytes) return 1;
  if (new_bytes > (size_t)(heap_reserve_end - heap_base) * WORD) return 0;
  if (!commit((char *)heap_base + old_bytes, new_bytes - old_bytes)) return 0;
  size_t old_map = round_up(old_bytes / 64, PAGE_BYTES);
  size_t new_map = round_up(new_bytes / 64, PAGE_BYTES);
  if (new_map > old_map) {
    if (!commit((char *)start_bits + old_map, new_map - old_map)) return 0;
    if (!commit((char *)mark_bits + old_map, new_map - old_map)) return 0;
  }
  uint64_t *old_end = heap_end;
  heap_end = heap_base + new_bytes / WORD;
  if (new_bytes > stat_peak_heap_bytes) stat_peak_heap_bytes = new_bytes;
  /* The new memory is a span at the end of the list (joining the last one if adjacent). */
  if (span_count > span_next && spans[span_count - 1].end == old_end) {
    spans[span_count - 1].end = heap_end;
  } else {
    if (span_count == span_capacity) spans = grow_array(spans, &span_capacity, sizeof *spans);
    spans[span_count++] = (struct span){old_end, heap_end};
  }
  return 1;
}

static void gc_init(void) {
  const char *s = getenv("EGRET_GC_STRESS");
  if (s != NULL && s[0] != 0) {
    char *end;
    unsigned long long n = strtoull(s, &end, 10);
    stress_interval = *end == 0 ? n : 1;
    stress_mode = stress_interval != 0;
  }
  s = getenv("EGRET_GC_STATS");
  stats_mode = s != NULL && s[0] != 0 && strcmp(s, "0") != 0;
  /* Under a limit on the address space (ulimit -v), at most half of it: the rest is for the
   * program stack (a quarter, egret_runtime.c), the bitmaps, malloc and the C library. */
  size_t max_reserve = MAX_RESERVE_BYTES;
  struct rlimit limit;
  if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
    while (max_reserve > MIN_RESERVE_BYTES && max_reserve > limit.rlim_cur / 2) max_reserve /= 2;
  for (size_t bytes = max_reserve; bytes >= MIN_RESERVE_BYTES; bytes /= 2) {
    void *heap = reserve(bytes);
    if (heap == NULL) continue;
    void *starts = reserve(bytes / 64);
    void *marks = reserve(bytes / 64);
    if (starts != NULL && marks != NULL) {
      heap_base = heap;
      heap_end = heap_base;
      heap_reserve_end = heap_base + bytes / WORD;
      start_bits = starts;
      mark_bits = marks;
      bitmap_reserve_bytes = bytes / 64;
      break;
    }
    munmap(heap, bytes);
    if (starts != NULL) munmap(starts, bytes / 64);
    if (marks != NULL) munmap(marks, bytes / 64);
  }
  if (heap_base == NULL) egret_out_of_memory();
  gc_initialised = 1;
  if (!grow_heap_to(stress_mode ? STRESS_INITIAL_HEAP_BYTES : INITIAL_HEAP_BYTES)) egret_out_of_memory();
}

/* ---- the young region ---- */

/* The limit compiled code bumps up to: the end of the current chunk (at most CHUNK_WORDS from
 * region_start, never past region_limit), or egret_young_ptr in stress mode. */
static void publish_limit(void) {
  uint64_t *chunk_end = region_limit;
  if (region_start != NULL && (size_t)(region_limit - region_start) > CHUNK_WORDS) chunk_end = region_start + CHUNK_WORDS;
  egret_young_limit = stress_mode ? egret_young_ptr : chunk_end;
}

/* Remembers the current region's allocated part for parsing, then goes on bump-allocating at
 * egret_young_ptr up to `limit` (NULL: no region any more). */
static void retire_region_keeping(uint64_t *limit) {
  if (region_start != NULL && egret_young_ptr > region_start) {
    if (fresh_count == fresh_capacity) fresh = grow_array(fresh, &fresh_capacity, sizeof *fresh);
    fresh[fresh_count++] = (struct span){region_start, egret_young_ptr};
    stat_allocated_words += (uint64_t)(egret_young_ptr - region_start);
  }
  if (limit == NULL) {
    region_start = region_limit = egret_young_ptr = egret_young_limit = NULL;
  } else {
    region_start = egret_young_ptr;
    region_limit = limit;
  }
}

/* Ends bump allocation in the current region, remembering its allocated part for parsing. */
static void retire_region(void) { retire_region_keeping(NULL); }

/* Ends the current chunk: its allocated part becomes a fresh region and the next chunk starts
 * at egret_young_ptr, in the same span. */
static void cut_chunk(void) {
  uint64_t *limit = region_limit;
  retire_region_keeping(limit);
}

/* Starts bump allocation in the next span with room for `words`; spans too small for it are
 * given up until the next sweep. Returns 0 when no span is left. */
static int refill(size_t words) {
  retire_region();
  while (span_next < span_count) {
    struct span s = spans[span_next++];
    if ((size_t)(s.end - s.start) >= words) {
      region_start = egret_young_ptr = s.start;
      region_limit = s.end;
      publish_limit();
      return 1;
    }
  }
  return 0;
}

/* Carves `words` from the first span that has them. Returns NULL when none has. */
static uint64_t *carve(size_t words) {
  for (size_t i = span_next; i < span_count; i++) {
    if ((size_t)(spans[i].end - spans[i].start) >= words) {
      uint64_t *p = spans[i].start;
      spans[i].start += words;
      return p;
    }
  }
  return NULL;
}

/* ---- finding blocks ---- */

static int compare_pointers(const void *a, const void *b) {
  uintptr_t x = (uintptr_t) * (uint64_t *const *)a, y = (uintptr_t) * (uint64_t *const *)b;
  return x < y ? -1 : x > y;
}

static inline size_t block_words(const uint64_t *header) { return (size_t)Wosize_hd(*header) + 1; }

static inline void parse_region_of(const uint64_t *p);

/* The header of the block containing heap word `p` (header included), or NULL. A block lies
 * within one region, so once p's region is parsed the nearest start bit at or below p is its
 * block's, if p is in a block. */
static uint64_t *find_block(uint64_t *p) {
  parse_region_of(p);
  size_t i = word_index(p);
  size_t lowest = i >= LARGE_WORDS ? i - LARGE_WORDS : 0;
  size_t w = i >> 6;
  uint64_t bits = start_bits[w] & (~(uint64_t)0 >> (63 - (i & 63)));
  for (;;) {
    if (bits != 0) {
      size_t j = (w << 6) + 63 - (size_t)__builtin_clzll(bits);
      if (j < lowest) break;
      uint64_t *h = heap_base + j;
      return i < j + block_words(h) ? h : NULL;
    }
    if (w == 0 || (w << 6) <= lowest) break;
    bits = start_bits[--w];
  }
  /* No block starts within LARGE_WORDS below p: only a large block can contain it. */
  size_t lo = 0, hi = large_count;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (large[mid] <= p) lo = mid + 1;
    else hi = mid;
  }
  if (lo == 0) return NULL;
  uint64_t *h = large[lo - 1];
  return p < h + block_words(h) ? h : NULL;
}

/* ---- marking ---- */

static inline void mark_block(uint64_t *h) {
  size_t i = word_index(h);
  uint64_t bit = (uint64_t)1 << (i & 63);
  if (mark_bits[i >> 6] & bit) return;
  mark_bits[i >> 6] |= bit;
  if (Tag_hd(*h) >= No_scan_tag || Wosize_hd(*h) == 0) return;
  if (mark_top == mark_capacity) mark_stack = grow_array(mark_stack, &mark_capacity, sizeof *mark_stack);
  mark_stack[mark_top++] = h;
}

/* A word that may or may not be a pointer (a root). */
static inline void mark_ambiguous(uint64_t w) {
  uint64_t *p = (uint64_t *)(uintptr_t)(w & ~(uint64_t)7);
  if (p < heap_base || p >= heap_end) return;
  uint64_t *h = find_block(p);
  if (h != NULL) mark_block(h);
}

static void mark_range(const uint64_t *lo, const uint64_t *hi) {
  for (const uint64_t *p = lo; p < hi; p++) mark_ambiguous(*p);
}

/* Scans the blocks on the mark stack until it is empty. Marking a big tree is bound by cache
 * misses on the blocks' headers, so (as OCaml 4.14's mark loop) a block taken from the stack is
 * prefetched and goes through a small queue first: it is scanned PREFETCH_QUEUE blocks later,
 * when its header is likely in cache, and the misses of several blocks overlap. A field's
 * block is marked when found and pushed without reading its header (whether it is scanned at
 * all is decided when it leaves the queue). The heap bounds, bitmaps and stack are kept in
 * locals (the stores into the bitmaps would otherwise force the compiler to reload the
 * globals), and a field's start and mark bits are tested with one index computation. */
#define PREFETCH_QUEUE 16
static void drain_mark_stack(void) {
  uint64_t *const base = heap_base, *const end = heap_end;
  uint64_t *const marks = mark_bits;
  uint64_t *queue[PREFETCH_QUEUE];
  size_t qhead = 0, qcount = 0;
  for (;;) {
    while (qcount < PREFETCH_QUEUE && mark_top > 0) {
      uint64_t *p = mark_stack[--mark_top];
      __builtin_prefetch(p);
      queue[(qhead + qcount++) % PREFETCH_QUEUE] = p;
    }
    if (qcount == 0) break;
    uint64_t *h = queue[qhead];
    qhead = (qhead + 1) % PREFETCH_QUEUE;
    qcount--;
    uint64_t hd = *h;
    if (Tag_hd(hd) >= No_scan_tag) continue;
    size_t n = (size_t)Wosize_hd(hd);
    const value *fields = (const value *)(h + 1);
    for (size_t k = Tag_hd(hd) == Closure_tag ? 1 : 0; k < n; k++) {
      value v = fields[k];
      if (v & 7) continue; /* an int (or not a value pointer) */
      uint64_t *fh = (uint64_t *)(uintptr_t)v - 1;
      if (fh < base || fh >= end) continue; /* static data or not a pointer */
      size_t i = (size_t)(fh - base), w = i >> 6;
      uint64_t bit = (uint64_t)1 << (i & 63);
      if (marks[w] & bit) continue;
      marks[w] |= bit;
      if (mark_top == mark_capacity) mark_stack = grow_array(mark_stack, &mark_capacity, sizeof *mark_stack);
      mark_stack[mark_top++] = fh;
    }
  }
}

/* ---- sweeping ---- */

static void add_span(uint64_t *start, uint64_t *end) {
  if (end - start < MIN_SPAN_WORDS) return;
  if (span_count == span_capacity) spans = grow_array(spans, &span_capacity, sizeof *spans);
  spans[span_count++] = (struct span){start, end};
}

/* Rebuilds the free spans from the mark bitmap, which becomes the start bitmap. */
static void sweep(void) {
  size_t nwords = (size_t)(heap_end - heap_base);
  size_t nbits = nwords / 64;
  uint64_t *free_start = heap_base;
  size_t live = 0;
  span_count = span_next = 0;
  for (size_t w = 0; w < nbits; w++) {
    uint64_t bits = mark_bits[w];
    while (bits != 0) {
      size_t i = (w << 6) + (size_t)__builtin_ctzll(bits);
      bits &= bits - 1;
      uint64_t *h = heap_base + i;
      size_t n = block_words(h);
      if (h > free_start) add_span(free_start, h);
      live += n;
      free_start = h + n;
    }
  }
  if (heap_end > free_start) add_span(free_start, heap_end);
  uint64_t *t = start_bits;
  start_bits = mark_bits;
  mark_bits = t;
  memset(mark_bits, 0, nbits * WORD);
  /* Forget the large blocks that died. */
  size_t k = 0;
  for (size_t j = 0; j < large_count; j++)
    if (bit_test(start_bits, word_index(large[j]))) large[k++] = large[j];
  large_count = k;
  stat_live_words = live;
}

/* ---- collection ---- */

/* Sets the start bits of the blocks of fresh region `r` up to the one containing heap word
 * `p` (included); the region's unparsed rest starts after it. */
static void parse_fresh_region(size_t r, const uint64_t *p) {
  uint64_t *const base = heap_base, *const starts = start_bits;
  uint64_t *q = fresh[r].start, *end = fresh[r].end;
  while (q <= p) {
    if (Wosize_hd(*q) == 0) gc_fatal("heap corrupted (a block of no fields in the heap)");
    size_t i = (size_t)(q - base);
    starts[i >> 6] |= (uint64_t)1 << (i & 63);
    q += (size_t)Wosize_hd(*q) + 1;
  }
  if (q > end) gc_fatal("heap corrupted (a block overruns its region)");
  stat_parsed_words += (uint64_t)(q - fresh[r].start);
  fresh[r].start = q;
}

static int compare_spans(const void *a, const void *b) {
  uintptr_t x = (uintptr_t)((const struct span *)a)->start;
  uintptr_t y = (uintptr_t)((const struct span *)b)->start;
  return x < y ? -1 : x > y;
}

/* Before marking: the fresh regions in address order, for parse_region_of. (Regions are taken
 * from the spans in address order and the heap grows upwards, so they usually are already.) */
static void sort_fresh_regions(void) {
  for (size_t r = 1; r < fresh_count; r++) {
    if (fresh[r - 1].start > fresh[r].start) {
      qsort(fresh, fresh_count, sizeof *fresh, compare_spans);
      return;
    }
  }
}

/* Parses the fresh region containing heap word `p` up to p's block, if p is in the unparsed
 * part of one. (A region's parsed part is cut off its start, keeping the regions sorted.) */
static inline void parse_region_of(const uint64_t *p) {
  size_t lo = 0, hi = fresh_count;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (fresh[mid].start <= p) lo = mid + 1;
    else hi = mid;
  }
  if (lo > 0 && p < fresh[lo - 1].end) parse_fresh_region(lo - 1, p);
}

/* The runtime's own cells holding values (Callback.register's named values): roots too. Each
 * cell is registered once and never freed, so it never moves. */
static value **global_roots;
static size_t global_root_count, global_root_capacity;

void egret_register_global_root(value *cell) {
  if (global_root_count == global_root_capacity)
    global_roots = grow_array(global_roots, &global_root_capacity, sizeof *global_roots);
  global_roots[global_root_count++] = cell;
}

/* Marks from the roots; `registers` is the spilled register file in the caller's frame, which
 * lies in the scanned part of the stack. */
static void __attribute__((noinline)) mark_roots(void) {
  volatile uint64_t marker = 0;
  uint64_t *sp = (uint64_t *)((uintptr_t)&marker & ~(uintptr_t)7);
  uint64_t *base = (uint64_t *)egret_stack_high;
  int on_program_stack = base != NULL && sp < base && (char *)sp >= egret_stack_low;
  if (!on_program_stack && egret_c_stack_high == NULL)
    gc_fatal("collection requested outside the program stack");
  if (on_program_stack) {
    mark_range(sp, base);
    drain_mark_stack();
  }
  /* Embedded (egret_runtime.h): the C stack's live part too. */
  if (egret_c_stack_high != NULL) {
    uint64_t *c_sp = on_program_stack ? (uint64_t *)((uintptr_t)egret_c_stack_sp & ~(uintptr_t)7) : sp;
    if (c_sp != NULL && c_sp < (uint64_t *)egret_c_stack_high) {
      mark_range(c_sp, (uint64_t *)egret_c_stack_high);
      drain_mark_stack();
    }
  }
  mark_range(egret_extra_args, egret_extra_args + sizeof egret_extra_args / sizeof egret_extra_args[0]);
  drain_mark_stack();
  for (size_t i = 0; i < global_root_count; i++) mark_range(global_roots[i], global_roots[i] + 1);
  drain_mark_stack();
  (void)marker;
}

/* The stack below the caller's frame, where the collector's own frames will lie, still holds
 * what earlier calls left there (a value a finished function passed on, say): scanned as
 * roots, such stale words would keep dead blocks alive (a weak pointer never cleared, a
 * finaliser never run). Zeroing it first leaves in those frames only what the collector writes
 * (the spilled registers among it). */
#define CLEARED_STACK_BYTES 8192

void __attribute__((noinline)) egret_clear_dead_stack(void) {
  volatile uint64_t dead[CLEARED_STACK_BYTES / WORD];
  for (size_t i = 0; i < CLEARED_STACK_BYTES / WORD; i++) dead[i] = 0;
  __asm__ volatile("" : : "r"(dead) : "memory");
}

/* egret_clear_callee_saved(): zeroes the callee-saved registers and returns. Cranelift code
 * calls it right before an explicit collection (Gc.full_major ...) with a calling convention
 * that preserves no register (Cranelift's `winch`), so no live value is in one across the call,
 * and the caller saved in its prologue those it writes: what the registers still held was dead
 * and, scanned as a root, would keep a dead block alive (a finaliser not run, a weak pointer
 * not cleared). The native backend zeroes them inline instead (`backend/x64/emit.rs`). Not a C
 * function: it breaks the C calling convention on purpose. */
#if defined(__x86_64__)
__asm__(".text\n"
        ".p2align 4\n"
        ".globl egret_clear_callee_saved\n"
        ".type egret_clear_callee_saved, @function\n"
        "egret_clear_callee_saved:\n"
        ".cfi_startproc\n"
        "  xorl %ebx, %ebx\n"
        "  xorl %r12d, %r12d\n"
        "  xorl %r13d, %r13d\n"
        "  xorl %r14d, %r14d\n"
        "  xorl %r15d, %r15d\n"
        "  ret\n"
        ".cfi_endproc\n"
        ".size egret_clear_callee_saved, .-egret_clear_callee_saved\n");
#elif defined(__aarch64__)
/* x19..x27: the callee-saved registers that Cranelift's `winch` convention clobbers. */
__asm__(".text\n"
        ".p2align 4\n"
        ".globl egret_clear_callee_saved\n"
        ".type egret_clear_callee_saved, %function\n"
        "egret_clear_callee_saved:\n"
        ".cfi_startproc\n"
        "  mov x19, xzr\n"
        "  mov x20, xzr\n"
        "  mov x21, xzr\n"
        "  mov x22, xzr\n"
        "  mov x23, xzr\n"
        "  mov x24, xzr\n"
        "  mov x25, xzr\n"
        "  mov x26, xzr\n"
        "  mov x27, xzr\n"
        "  ret\n"
        ".cfi_endproc\n"
        ".size egret_clear_callee_saved, .-egret_clear_callee_saved\n");
#else
void egret_clear_callee_saved(void) {}
#endif

static void collect_now(void);

static void collect(void) {
  egret_clear_dead_stack();
  collect_now();
}

static void __attribute__((noinline)) collect_now(void) {
  /* Spill the callee-saved registers into this frame: setjmp stores them in `registers`, and
   * __builtin_unwind_init makes the prologue save every callee-saved register. */
  jmp_buf registers;
  __builtin_unwind_init();
  if (setjmp(registers) != 0) return;
  retire_region();
  sort_fresh_regions();
  if (!large_sorted) {
    qsort(large, large_count, sizeof *large, compare_pointers);
    large_sorted = 1;
  }
  mark_roots();
  egret_weak_after_mark();
  egret_ba_after_mark();
  fresh_count = 0;
  sweep();
  stat_collections++;
  __asm__ volatile("" : : "r"(&registers) : "memory");
}

/* The free words in spans[span_next..). */
static size_t free_words(void) {
  size_t n = 0;
  for (size_t i = span_next; i < span_count; i++) n += (size_t)(spans[i].end - spans[i].start);
  return n;
}

/* After a collection: grows the heap so that free space is at least FREE_PER_LIVE_PERCENT % of
 * the live data and a span of `words` exists. */
static void grow_after_collection(size_t words) {
  size_t live = stat_live_words;
  size_t free = free_words();
  size_t want_free = live / 100 * FREE_PER_LIVE_PERCENT;
  size_t min_free = (stress_mode ? STRESS_INITIAL_HEAP_BYTES : INITIAL_HEAP_BYTES) / 2 / WORD;
  if (want_free < min_free) want_free = min_free;
  int fits = 0;
  for (size_t i = span_next; i < span_count && !fits; i++)
    fits = (size_t)(spans[i].end - spans[i].start) >= words;
  if (free >= want_free && fits) return;
  size_t heap_bytes = (size_t)(heap_end - heap_base) * WORD;
  size_t extra = 0;
  if (free < want_free) extra = (want_free - free) * WORD;
  if (!fits && extra < words * WORD) extra = words * WORD;
  size_t step = stress_mode ? PAGE_BYTES : GROWTH_STEP_BYTES;
  if (extra < step) extra = step;
  size_t target = round_up(heap_bytes + extra, step);
  if (!grow_heap_to(target)) {
    /* Short of the ideal: grow by as much as the system grants (halving the step). */
    for (size_t e = extra / 2; e >= step; e /= 2)
      if (grow_heap_to(round_up(heap_bytes + e, step))) break;
    fits = 0;
    for (size_t i = span_next; i < span_count && !fits; i++)
      fits = (size_t)(spans[i].end - spans[i].start) >= words;
    if (!fits && !grow_heap_to(round_up((size_t)(heap_end - heap_base) * WORD + words * WORD, PAGE_BYTES)))
      egret_raise_out_of_memory();
    /* With the heap nearly full of live data the program would collect at almost every
     * allocation (and never end): that is running out of memory too. */
    if (free_words() < want_free / 8) egret_raise_out_of_memory();
  }
}

/* A block of `words` words (header included), after collecting if need be. An allocation the
 * heap cannot satisfy raises Out_of_memory (the heap is consistent then: between collections);
 * one larger than the whole reservation raises it at once, without collecting or growing. */
static uint64_t *alloc_words(size_t words) {
  if (words > MEDIUM_WORDS) {
    uint64_t *p = carve(words);
    if (p == NULL) {
      if (words > (size_t)(heap_reserve_end - heap_base)) egret_raise_out_of_memory();
      collect();
      grow_after_collection(words);
      p = carve(words);
      if (p == NULL) egret_raise_out_of_memory();
    }
    bit_set(start_bits, word_index(p));
    stat_allocated_words += words;
    if (words > LARGE_WORDS) {
      if (large_count == large_capacity) large = grow_array(large, &large_capacity, sizeof *large);
      if (large_count > 0 && large[large_count - 1] > p) large_sorted = 0;
      large[large_count++] = p;
    }
    return p;
  }
  if ((size_t)(region_limit - egret_young_ptr) < words) {
    if (!refill(words)) {
      collect();
      grow_after_collection(words);
      if (!refill(words)) egret_raise_out_of_memory();
    }
  } else if ((size_t)(egret_young_ptr - region_start) + words > CHUNK_WORDS) {
    cut_chunk();
  }
  uint64_t *p = egret_young_ptr;
  egret_young_ptr = p + words;
  return p;
}

/* Stack the collector may need below its caller's frame. A collection must not be interrupted
 * by the stack-overflow signal (it would leave the heap half-swept), so the slow path raises
 * Stack_overflow itself when less than this remains above the guard. */
#define GC_STACK_MARGIN ((size_t)64 << 10)

static void check_stack_room(void) {
  volatile char here = 0;
  if (egret_stack_low != NULL && &here >= egret_stack_low &&
      &here < egret_stack_low + EGRET_STACK_GUARD_BYTES + GC_STACK_MARGIN)
    egret_raise_stack_overflow();
}

/* The blocks of no fields ("atoms", OCaml's caml_atom_table): one static block per tag, outside
 * the heap, colour 3 like static data, so no wosize-0 block is ever in the heap. (Such a block
 * would be one word, its header; a value pointing at it points one word past its end, at the
 * next block's header, so a conservative root holding it would keep the wrong block alive.) */
static uint64_t atom_table[256][2] = {
#define ATOM(t) {Make_header(0, t) | (3 << 8), 0}
#define ATOM8(t) ATOM(t), ATOM(t + 1), ATOM(t + 2), ATOM(t + 3), ATOM(t + 4), ATOM(t + 5), ATOM(t + 6), ATOM(t + 7)
#define ATOM64(t) ATOM8(t), ATOM8(t + 8), ATOM8(t + 16), ATOM8(t + 24), ATOM8(t + 32), ATOM8(t + 40), ATOM8(t + 48), ATOM8(t + 56)
    ATOM64(0), ATOM64(64), ATOM64(128), ATOM64(192)
#undef ATOM64
#undef ATOM8
#undef ATOM
};

void *egret_alloc(uint64_t wosize, uint64_t tag) {
  check_stack_room();
  if (egret_signals_are_pending) egret_process_pending_signals();
  if (wosize == 0) return &atom_table[tag & 0xff][1];
  if (!gc_initialised) gc_init();
  if (wosize > EGRET_MAX_WOSIZE) egret_raise_out_of_memory();
  size_t words = (size_t)wosize + 1;
  if (stress_mode && ++stress_countdown >= stress_interval) {
    stress_countdown = 0;
    collect();
  }
  uint64_t *p = alloc_words(words);
  publish_limit();
  /* A signal received since the check above: the next allocation runs its handler. */
  if (egret_signals_are_pending) egret_young_limit = NULL;
  if (wosize > MAX_YOUNG_WOSIZE) stat_major_direct_words += words;
  p[0] = Make_header(wosize, tag);
  return p + 1;
}

void egret_gc_collect(void) {
  if (!gc_initialised) gc_init();
  collect();
  grow_after_collection(1);
}

void egret_gc_report(void) {
  if (!stats_mode) return;
  uint64_t allocated = stat_allocated_words;
  if (region_start != NULL) allocated += (uint64_t)(egret_young_ptr - region_start);
  char buf[320];
  int n = snprintf(buf, sizeof buf,
                   "egret gc: %llu MiB allocated (%llu words), %llu collections, heap %llu KiB (peak "
                   "%llu KiB), live %llu KiB after the last collection, %llu words parsed for roots\n",
                   (unsigned long long)(allocated * WORD >> 20), (unsigned long long)allocated,
                   (unsigned long long)stat_collections,
                   (unsigned long long)((size_t)(heap_end - heap_base) * WORD >> 10),
                   (unsigned long long)(stat_peak_heap_bytes >> 10),
                   (unsigned long long)(stat_live_words * WORD >> 10),
                   (unsigned long long)stat_parsed_words);
  (void)!write(2, buf, (size_t)n);
}

/* ---- recursive values (`let rec xs = 1 :: xs`), as OCaml's caml_alloc_dummy and
 * caml_update_dummy: each recursive value of known size is first a dummy block whose address
 * the definitions capture, then receives the fields and the tag of the value its definition
 * built. */

/* `let exception C in e`: each evaluation makes a new identity, of the layout of the static
 * ones (tag 248, [name, id]), as OCaml's Texp_letexception (its id from caml_fresh_oo_id). */
value egret_fresh_exception(value name) {
  static int64_t next_id = 1 << 30;
  uint64_t *b = egret_alloc(2, Exception_identity_tag);
  b[0] = name;
  b[1] = Val_int(next_id++);
  return (value)b;
}

value egret_alloc_dummy(value size) {
  int64_t n = Int_val(size);
  uint64_t *b = egret_alloc((uint64_t)n, 0);
  for (int64_t i = 0; i < n; i++) b[i] = Val_unit;
  return (value)b;
}

value egret_update_dummy(value dummy, value v) {
  uint64_t *d = (uint64_t *)dummy, *s = (uint64_t *)v;
  uint64_t n = Wosize_hd(Hd_val(dummy));
  if ((v & 1) || Wosize_hd(Hd_val(v)) != n) {
    static const char msg[] = "Fatal error: egret_update_dummy: sizes differ\n";
    (void)!write(2, msg, sizeof msg - 1);
    abort();
  }
  Hd_val(dummy) = (Hd_val(dummy) & ~(uint64_t)0xff) | Tag_hd(Hd_val(v));
  for (uint64_t i = 0; i < n; i++) d[i] = s[i];
  return Val_unit;
}

/* ---- the weak phase's view of the marks (runtime/egret_weak.c) ---- */

/* Whether `v` survives the collection being made: an int, a pointer outside the heap
 * (static data), or a marked block. Only between marking and sweeping. */
int egret_gc_is_live(value v) {
  if (v & 7) return 1;
  uint64_t *h = (uint64_t *)(uintptr_t)v - 1;
  if (h < heap_base || h >= heap_end) return 1;
  return bit_test(mark_bits, word_index(h));
}

/* Marks `v` (a value: an int, static data, or a pointer at a heap block's field 0) and what
 * it reaches. Only between marking and sweeping. */
void egret_gc_mark(value v) {
  if (egret_gc_is_live(v)) return;
  mark_block((uint64_t *)(uintptr_t)v - 1);
  drain_mark_stack();
}

/* Whether `v` is a block of the heap (not an int, not static data). */
int egret_gc_in_heap(value v) {
  if (v & 7) return 0;
  uint64_t *h = (uint64_t *)(uintptr_t)v - 1;
  return h >= heap_base && h < heap_end;
}

/* ---- the Gc module's primitives (OCaml's runtime/gc_ctrl.c, with egret's collector) ----
 *
 * egret's collector has one generation and never moves a block (see the top of this file):
 * Gc.minor, Gc.major, Gc.full_major and Gc.compact are each one full collection (a minor
 * collection is one of the only generation, so that the young values OCaml's would find dead,
 * weak pointers and finalised values, are found dead here too) (a compaction could only move
 * blocks, which this collector never does), and so is a Gc.major_slice (the collector is not
 * incremental: its smallest unit of work is a whole collection). Each of its collections
 * counts as a minor and a major one.
 *
 * The counters are exact: every block is allocated by the inline protocol or egret_alloc,
 * both from the current region or a carved span, so the words allocated are the retired
 * regions', the carved blocks' and the current region's used part (headers included, as
 * OCaml counts them). A block of more than Max_young_wosize fields counts as major words (OCaml
 * allocates it in the major heap), every other as minor words; nothing is promoted. The
 * results' boxes are allocated after the counters are read, so they count in the next reading,
 * except minor_words' (see stat_uncounted_words). */

static void forced_collection(void) {
  egret_gc_collect();
  stat_forced_collections++;
}

value caml_gc_minor(value unit) {
  (void)unit;
  egret_gc_collect(); /* not a forced major collection in OCaml's count */
  return Val_unit;
}

value caml_gc_major(value unit) {
  (void)unit;
  forced_collection();
  return Val_unit;
}

value caml_gc_full_major(value unit) {
  (void)unit;
  forced_collection();
  return Val_unit;
}

value caml_gc_compaction(value unit) {
  (void)unit;
  forced_collection();
  stat_compactions++;
  return Val_unit;
}

value caml_gc_major_slice(value work) {
  (void)work;
  forced_collection();
  return Val_int(0);
}

/* All the words allocated so far (headers included). */
static uint64_t allocated_words(void) {
  uint64_t n = stat_allocated_words;
  if (region_start != NULL) n += (uint64_t)(egret_young_ptr - region_start);
  return n;
}

/* Words of the boxes caml_gc_minor_words returned: OCaml's minor_words is an [@unboxed]
 * external, whose result ocamlopt keeps in a register (it allocates nothing); egret's
 * externals return boxed floats, so its box is not counted, to count as ocamlopt does. */
static uint64_t stat_uncounted_words;

/* The minor words: every block of at most Max_young_wosize fields, but minor_words' boxes. */
static uint64_t minor_words(void) {
  return allocated_words() - stat_major_direct_words - stat_uncounted_words;
}

value caml_gc_minor_words(value unit) {
  (void)unit;
  value box = egret_box_float((double)minor_words());
  stat_uncounted_words += 2;
  return box;
}

value caml_gc_counters(value unit) {
  (void)unit;
  double minor = (double)minor_words();
  double major = (double)stat_major_direct_words;
  uint64_t *t = egret_alloc(3, 0);
  for (int i = 0; i < 3; i++) t[i] = Val_unit;
  t[0] = egret_box_float(minor);
  t[1] = egret_box_float(0.0);
  t[2] = egret_box_float(major);
  return (value)t;
}

value caml_get_minor_free(value unit) {
  (void)unit;
  return Val_int(region_start != NULL ? region_limit - egret_young_ptr : 0);
}

/* The number of blocks and words in [p, end), parsed header by header. */
static void count_blocks(const uint64_t *p, const uint64_t *end, uint64_t *blocks, uint64_t *words) {
  while (p < end) {
    size_t n = block_words(p);
    *blocks += 1;
    *words += n;
    p += n;
  }
}

/* Gc.stat (full = 1) and Gc.quick_stat (full = 0): the record of gc.mli, its three float
 * fields boxed. Gc.stat's live blocks are those the last collection kept plus every block
 * allocated since (as OCaml's, which counts the blocks not yet swept as live); its free blocks
 * are the free spans and the current region's rest, and nothing is a fragment. */
static value gc_stat(int full) {
  int64_t f[17] = {0};
  uint64_t minor = minor_words();
  f[3] = f[4] = (int64_t)stat_collections;                  /* minor and major collections */
  f[5] = heap_base != NULL ? (int64_t)(heap_end - heap_base) : 0; /* heap_words */
  f[6] = heap_base != NULL;                                 /* heap_chunks */
  if (full && heap_base != NULL) {
    uint64_t blocks = 0, words = 0;
    size_t nbits = (size_t)(heap_end - heap_base) / 64;
    for (size_t w = 0; w < nbits; w++) {
      uint64_t bits = start_bits[w];
      while (bits != 0) {
        size_t i = (w << 6) + (size_t)__builtin_ctzll(bits);
        bits &= bits - 1;
        blocks++;
        words += block_words(heap_base + i);
      }
    }
    for (size_t r = 0; r < fresh_count; r++) count_blocks(fresh[r].start, fresh[r].end, &blocks, &words);
    if (region_start != NULL) count_blocks(region_start, egret_young_ptr, &blocks, &words);
    f[7] = (int64_t)words;
    f[8] = (int64_t)blocks;
    size_t largest = region_start != NULL ? (size_t)(region_limit - egret_young_ptr) : 0;
    f[9] = (int64_t)(free_words() + largest);
    f[10] = (int64_t)(span_count - span_next) + (largest > 0);
    for (size_t i = span_next; i < span_count; i++)
      if ((size_t)(spans[i].end - spans[i].start) > largest) largest = (size_t)(spans[i].end - spans[i].start);
    f[11] = (int64_t)largest;
  }
  f[13] = (int64_t)stat_compactions;
  f[14] = (int64_t)(stat_peak_heap_bytes / WORD); /* top_heap_words */
  volatile char here = 0;
  f[15] = egret_stack_high != NULL ? (int64_t)((egret_stack_high - (char *)&here) / WORD) : 0;
  f[16] = (int64_t)stat_forced_collections;
  uint64_t *b = egret_alloc(17, 0);
  for (int i = 0; i < 17; i++) b[i] = Val_int(f[i]);
  b[0] = egret_box_float((double)minor);
  b[1] = egret_box_float(0.0);
  b[2] = egret_box_float((double)stat_major_direct_words);
  return (value)b;
}

value caml_gc_stat(value unit) {
  (void)unit;
  if (!gc_initialised) gc_init();
  return gc_stat(1);
}

value caml_gc_quick_stat(value unit) {
  (void)unit;
  return gc_stat(0);
}

/* Obj.reachable_words v (OCaml's caml_obj_reachable_words): the words, headers included, of
 * the heap blocks reachable from v; static data is not counted nor followed. The mark bitmap,
 * empty between collections, holds the blocks seen, and is emptied again afterwards. Nothing
 * is allocated meanwhile, so no collection can see those bits. */
value caml_obj_reachable_words(value v) {
  if (!egret_gc_in_heap(v)) return Val_int(0);
  uint64_t **seen = NULL;
  size_t seen_count = 0, seen_capacity = 0;
  uint64_t words = 0;
  size_t base_top = mark_top;
  uint64_t *h = (uint64_t *)(uintptr_t)v - 1;
  bit_set(mark_bits, word_index(h));
  if (mark_top == mark_capacity) mark_stack = grow_array(mark_stack, &mark_capacity, sizeof *mark_stack);
  mark_stack[mark_top++] = h;
  while (mark_top > base_top) {
    h = mark_stack[--mark_top];
    if (seen_count == seen_capacity) seen = grow_array(seen, &seen_capacity, sizeof *seen);
    seen[seen_count++] = h;
    uint64_t hd = *h;
    words += Wosize_hd(hd) + 1;
    if (Tag_hd(hd) >= No_scan_tag) continue;
    const value *fields = (const value *)(h + 1);
    for (size_t k = Tag_hd(hd) == Closure_tag ? 1 : 0; k < Wosize_hd(hd); k++) {
      if (!egret_gc_in_heap(fields[k])) continue;
      uint64_t *fh = (uint64_t *)(uintptr_t)fields[k] - 1;
      size_t i = word_index(fh);
      if (bit_test(mark_bits, i)) continue;
      bit_set(mark_bits, i);
      if (mark_top == mark_capacity) mark_stack = grow_array(mark_stack, &mark_capacity, sizeof *mark_stack);
      mark_stack[mark_top++] = fh;
    }
  }
  for (size_t k = 0; k < seen_count; k++) {
    size_t i = word_index(seen[k]);
    mark_bits[i >> 6] &= ~((uint64_t)1 << (i & 63));
  }
  free(seen);
  return Val_int((int64_t)words);
}

/* The Gc.control record's fields (minor_heap_size, major_heap_increment, space_overhead,
 * verbose, max_overhead, stack_limit, allocation_policy, window_size, custom_major_ratio,
 * custom_minor_ratio, custom_minor_max_size), OCaml 4.13's defaults (runtime/caml/config.h;
 * stack_limit is 0 in native code). The collector keeps its own policy: these are stored,
 * normalised as caml_gc_set does, and read back (plugin/src/lambda/runtime.rs, GcControl, is
 * the interpreters' copy of this logic). */
static int64_t gc_control[11] = {262144, 15, 120, 0, 500, 0, 2, 1, 44, 100, 8192};

value caml_gc_get(value unit) {
  (void)unit;
  uint64_t *b = egret_alloc(11, 0);
  for (int i = 0; i < 11; i++) b[i] = Val_int(gc_control[i]);
  return (value)b;
}

/* Sys.enable_runtime_warnings's flag (OCaml's caml_runtime_warnings, W in OCAMLRUNPARAM):
 * stored and read back; egret's runtime has no warning to give. */
static int runtime_warnings;

value caml_ml_enable_runtime_warnings(value on) {
  runtime_warnings = on != Val_false;
  return Val_unit;
}

value caml_ml_runtime_warnings_enabled(value unit) {
  (void)unit;
  return runtime_warnings ? Val_true : Val_false;
}

/* Sys.runtime_parameters (OCaml 4.13's caml_runtime_parameters, gc_ctrl.c): the settings in
 * OCAMLRUNPARAM's syntax, from the Gc.control values above (H, l, t: 0 in native code). */
value caml_runtime_parameters(value unit) {
  (void)unit;
  char buf[256];
  const int64_t *c = gc_control;
  int n = snprintf(buf, sizeof buf,
                   "a=%d,b=%d,H=0,i=%lu,l=0,o=%lu,O=%lu,p=%d,s=%lu,t=0,v=%lu,w=%d,W=%d",
                   (int)c[6], egret_backtrace_active ? 1 : 0, (unsigned long)c[1],
                   (unsigned long)c[2], (unsigned long)c[4], egret_parser_trace_on(),
                   (unsigned long)c[0], (unsigned long)c[3], (int)c[7], runtime_warnings);
  return egret_string_of_bytes(buf, (size_t)n);
}

static int64_t clamp64(int64_t x, int64_t lo, int64_t hi) { return x < lo ? lo : x > hi ? hi : x; }

value caml_gc_set(value v) {
  const uint64_t *f = (const uint64_t *)v;
  int64_t n[11];
  for (int i = 0; i < 11; i++) n[i] = Int_val(f[i]);
  gc_control[3] = n[3];
  /* OCaml's Max (p, 1) on unsigned words: only 0 becomes 1. */
  gc_control[2] = n[2] == 0 ? 1 : n[2];
  gc_control[4] = n[4];
  gc_control[1] = n[1];
  gc_control[7] = clamp64(n[7], 1, 50);
  gc_control[8] = n[8] == 0 ? 1 : n[8];
  gc_control[9] = n[9] == 0 ? 1 : n[9];
  gc_control[10] = n[10];
  /* Next-fit (0) and first-fit (1); anything else is best-fit (2). Changing the policy makes
   * OCaml collect and compact the heap: a full collection here. */
  int64_t policy = (n[6] == 0 || n[6] == 1) ? n[6] : 2;
  if (policy != gc_control[6]) {
    gc_control[6] = policy;
    egret_gc_collect();
  }
  /* The minor heap size: within [4096, 2^28] words, rounded up to whole 4 KiB pages. */
  int64_t s = clamp64(n[0], 4096, (int64_t)1 << 28);
  gc_control[0] = (s + 511) / 512 * 512;
  return Val_unit;
}
