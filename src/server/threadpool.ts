import { availableParallelism } from 'node:os'

// libuv's pool (4 threads by default) runs argon2 besides file and DNS work. Argon2 is bound by
// memory: more threads than cores only take turns on the cores and evict each other's 19 MiB
// from the caches, so one thread per core (at least two) signs in more shoppers a second. It has
// to be set before the pool's first use, so main.ts imports this first; an explicit
// UV_THREADPOOL_SIZE wins.
process.env.UV_THREADPOOL_SIZE ??= String(Math.max(2, availableParallelism()))
