/* assert.h: assertions for what cannot happen (a card pushed into a full zone, a pending stack
 * overflowing, a piece index out of range), checked in debug builds only.
 *
 * CARTA_ASSERT(cond) aborts with the file, line, function and condition when cond is false,
 * unless NDEBUG is defined; then cond is not evaluated (nor may it have side effects).
 * CARTA_ENSURE(expr) always evaluates expr (a call whose result says whether it worked, e.g.
 * carta_zone_push) and, unless NDEBUG, aborts when it is 0 or NULL.
 *
 * Builds: CMake's Debug type (and the sanitizer build, which is Debug) checks them; the default
 * RelWithDebInfo and Release types define NDEBUG, so they cost nothing there and behaviour is the
 * same as without them. */
#ifndef CARTA_ASSERT_H
#define CARTA_ASSERT_H

/* Prints "carta: assertion failed: FILE:LINE: FUNC: COND" to stderr and aborts. */
void carta_assert_fail(const char *cond, const char *file, int line, const char *func)
    __attribute__((noreturn));

#ifdef NDEBUG
#define CARTA_ASSERT(cond) ((void)sizeof(!(cond)))
#define CARTA_ENSURE(expr) ((void)(expr))
#else
#define CARTA_ASSERT(cond)                                                                    \
    ((cond) ? (void)0 : carta_assert_fail(#cond, __FILE__, __LINE__, __func__))
#define CARTA_ENSURE(expr)                                                                    \
    ((expr) ? (void)0 : carta_assert_fail(#expr, __FILE__, __LINE__, __func__))
#endif

#endif
