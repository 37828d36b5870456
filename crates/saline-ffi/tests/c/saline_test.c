/*
 * The C ABI's tests: the shared vector files through saline.h and the
 * static library, then bad input (NULL pointers, wrong sizes, bad handles,
 * double frees), each checked for its status and message.
 *
 * Usage: saline_test VECTOR_FILE...   (make ffi-c-test passes the families
 * hash, mac, aead, nacl, sign, x25519 and kdf). The last line is
 * "N passed, N failed"; the exit status is 1 when anything failed.
 *
 * Vector files are one JSON object with one case per line (vectors/FORMAT.md);
 * the reader below parses one line's flat object and nothing more.
 */
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "saline.h"

static int passed, failed;
static char where[256];

static void check(int ok, const char *fmt, ...) {
    if (ok) {
        passed++;
        return;
    }
    failed++;
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "FAIL %s: ", where);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, " [last error: %s]\n", saline_last_error());
    va_end(ap);
}

/* ------------------------------------------------------------ a line of JSON */

#define MAX_FIELDS 32
typedef struct {
    char *key[MAX_FIELDS];
    char *value[MAX_FIELDS]; /* unescaped string, or the literal text of a number/true/array */
    int n;
} object;

static void object_free(object *o) {
    for (int i = 0; i < o->n; i++) {
        free(o->key[i]);
        free(o->value[i]);
    }
    o->n = 0;
}

/* Reads a JSON string at *p (just after the opening quote). */
static char *read_string(const char **p) {
    size_t cap = 64, n = 0;
    char *s = malloc(cap);
    while (**p && **p != '"') {
        char c = *(*p)++;
        if (c == '\\' && **p) {
            c = *(*p)++;
            if (c == 'n') c = '\n';
            else if (c == 't') c = '\t';
            else if (c == 'u') { /* vectors only escape ASCII this way */
                unsigned v = 0;
                sscanf(*p, "%4x", &v);
                *p += 4;
                c = (char)v;
            }
        }
        if (n + 2 > cap) s = realloc(s, cap *= 2);
        s[n++] = c;
    }
    if (**p == '"') (*p)++;
    s[n] = 0;
    return s;
}

/* Parses the top-level members of the object on this line (the header line
 * ends inside "cases": [, which is read as an unterminated array). */
static void parse_line(const char *line, object *o) {
    o->n = 0;
    const char *p = strchr(line, '{');
    if (!p) return;
    p++;
    while (*p && o->n < MAX_FIELDS) {
        while (*p && *p != '"' && *p != '}') p++;
        if (*p != '"') return;
        p++;
        char *key = read_string(&p);
        while (*p == ' ' || *p == ':') p++;
        char *value;
        if (*p == '"') {
            p++;
            value = read_string(&p);
        } else {
            const char *start = p;
            int depth = 0;
            while (*p && !(depth == 0 && (*p == ',' || *p == '}'))) {
                if (*p == '[') depth++;
                if (*p == ']') depth--;
                if (*p == '"') { p++; free(read_string(&p)); continue; }
                p++;
            }
            value = strndup(start, (size_t)(p - start));
        }
        o->key[o->n] = key;
        o->value[o->n] = value;
        o->n++;
    }
}

static const char *get(const object *o, const char *key) {
    for (int i = 0; i < o->n; i++)
        if (strcmp(o->key[i], key) == 0) return o->value[i];
    return NULL;
}

typedef struct {
    uint8_t *p;
    size_t n;
    int present;
} bytes;

static bytes hex(const object *o, const char *key) {
    bytes b = {NULL, 0, 0};
    const char *s = get(o, key);
    if (!s) return b;
    b.present = 1;
    b.n = strlen(s) / 2;
    b.p = malloc(b.n + 1);
    for (size_t i = 0; i < b.n; i++) {
        unsigned v;
        sscanf(s + 2 * i, "%2x", &v);
        b.p[i] = (uint8_t)v;
    }
    return b;
}

static double num(const object *o, const char *key) {
    const char *s = get(o, key);
    return s ? strtod(s, NULL) : NAN;
}

static saline_bytes arg(bytes b) {
    saline_bytes a = {b.p, b.present ? b.n : SALINE_ABSENT};
    return a;
}

static saline_bytes raw(const void *p, size_t n) {
    saline_bytes a = {(const uint8_t *)p, n};
    return a;
}

static const saline_bytes ABSENT = {NULL, SALINE_ABSENT};

static int same(const uint8_t *a, size_t an, const bytes b) { return an == b.n && (an == 0 || memcmp(a, b.p, an) == 0); }

static uint32_t alg_id(const char *name) {
    uint32_t id = 0;
    if (saline_algorithm_id(name, &id) != SALINE_STATUS_OK) {
        check(0, "unknown algorithm %s", name);
    }
    return id;
}

/* saline_call into a fresh buffer of `capacity` bytes; returns the status. */
static int call(uint32_t op, uint32_t alg, const saline_bytes *args, size_t n, const double *nums, size_t n_nums, uint8_t **out,
                size_t capacity, size_t *written) {
    *out = malloc(capacity + 1);
    *written = 0;
    return saline_call(op, alg, args, n, nums, n_nums, *out, capacity, written);
}

/* ------------------------------------------------------------ families */

static void hash_case(const object *c, uint32_t alg) {
    bytes msg = hex(c, "msg"), out = hex(c, "out"), key = hex(c, "key"), salt = hex(c, "salt"), personal = hex(c, "personal");
    const char *repeat = get(c, "repeat");
    if (repeat) {
        size_t times = (size_t)strtoull(repeat, NULL, 10);
        uint8_t *big = malloc(msg.n * times + 1);
        for (size_t i = 0; i < times; i++) memcpy(big + i * msg.n, msg.p, msg.n);
        free(msg.p);
        msg.p = big;
        msg.n *= times;
    }
    const char *context = get(c, "context");
    saline_bytes args[5] = {arg(msg), arg(key), arg(salt), arg(personal), context ? raw(context, strlen(context)) : ABSENT};
    double len = (double)out.n;
    uint8_t *got;
    size_t n;
    int st = call(SALINE_OP_HASH, alg, args, 5, &len, 1, &got, out.n, &n);
    check(st == 0 && same(got, n, out), "one-shot hash (status %d)", st);
    if (!key.n && !salt.n && !personal.n && !context) {
        /* The typed entry point, into a fresh buffer and in place. */
        memset(got, 0, out.n);
        st = saline_hash_into(alg, msg.p, msg.n, got, out.n);
        check(st == 0 && same(got, out.n, out), "saline_hash_into (status %d)", st);
        if (msg.n >= out.n) {
            uint8_t *buf = malloc(msg.n);
            memcpy(buf, msg.p, msg.n);
            st = saline_hash_into(alg, buf, msg.n, buf, out.n);
            check(st == 0 && same(buf, out.n, out), "saline_hash_into in place (status %d)", st);
            free(buf);
        }
    }

    /* Streaming in two pieces, a clone, and reuse after the digest. */
    saline_stream s = 0, twin = 0;
    st = saline_stream_new(alg, args + 1, 4, &len, 1, &s);
    check(st == 0, "stream_new (status %d)", st);
    if (st == 0) {
        size_t third = msg.n / 3;
        saline_stream_update(s, msg.p, third);
        check(saline_stream_clone(s, &twin) == 0, "clone");
        saline_stream_update(s, msg.p + third, msg.n - third);
        memset(got, 0, out.n);
        st = saline_stream_digest_without_reset(s, got, out.n, &n);
        check(st == 0 && same(got, n, out), "digest without reset (status %d)", st);
        saline_stream_update(twin, msg.p + third, msg.n - third);
        memset(got, 0, out.n);
        st = saline_stream_digest(s, got, out.n, &n);
        check(st == 0 && same(got, n, out), "streaming digest (status %d)", st);
        memset(got, 0, out.n);
        st = saline_stream_digest(twin, got, out.n, &n);
        check(st == 0 && same(got, n, out), "clone digest (status %d)", st);
        saline_stream_update(s, msg.p, msg.n);
        st = saline_stream_digest(s, got, out.n, &n);
        check(st == 0 && same(got, n, out), "digest after reset (status %d)", st);
        check(saline_stream_free(s) == 0 && saline_stream_free(twin) == 0, "free");
    }
    free(got);
    free(msg.p), free(out.p), free(key.p), free(salt.p), free(personal.p);
}

static void mac_case(const object *c, uint32_t alg, const char *result) {
    bytes key = hex(c, "key"), msg = hex(c, "msg"), tag = hex(c, "tag");
    saline_bytes args[3] = {arg(key), arg(msg), arg(tag)};
    uint8_t *got;
    size_t n;
    int st = call(SALINE_OP_MAC, alg, args, 2, NULL, 0, &got, 64, &n);
    int matches = st == 0 && n >= tag.n && memcmp(got, tag.p, tag.n) == 0;
    int verify = saline_call(SALINE_OP_MAC_VERIFY, alg, args, 3, NULL, 0, NULL, 0, NULL);
    saline_algorithm_info_t info;
    saline_algorithm_info(alg, &info);
    uint8_t typed[64] = {0};
    int typed_st = info.output_len <= sizeof typed ? saline_mac_into(alg, key.p, key.n, msg.p, msg.n, typed, info.output_len) : -1;
    int typed_matches = typed_st == 0 && tag.n <= info.output_len && memcmp(typed, tag.p, tag.n) == 0;
    if (strcmp(result, "valid") == 0) {
        check(matches, "mac (status %d)", st);
        check(typed_matches, "saline_mac_into (status %d)", typed_st);
        if (!get(c, "tag_bits")) check(verify == 0, "mac_verify (status %d)", verify);
    } else if (strcmp(result, "invalid") == 0) {
        check(!matches || tag.n < 10, "an invalid tag matched");
        check(!typed_matches || tag.n < 10, "saline_mac_into: an invalid tag matched");
        check(verify != 0, "mac_verify accepted an invalid tag");
    }
    free(got), free(key.p), free(msg.p), free(tag.p);
}

static void aead_case(const object *c, uint32_t alg, const char *result) {
    bytes key = hex(c, "key"), nonce = hex(c, "nonce"), aad = hex(c, "aad"), msg = hex(c, "msg"), ct = hex(c, "ct"), tag = hex(c, "tag");
    saline_algorithm_info_t info;
    saline_algorithm_info(alg, &info);
    /* The combined layout: ct ‖ tag, or tag ‖ ct for NaCl's secretbox. */
    size_t total = ct.n + tag.n;
    uint8_t *sealed = malloc(total + 1);
    memcpy(sealed + (info.tag_prefix ? tag.n : 0), ct.p, ct.n);
    memcpy(sealed + (info.tag_prefix ? 0 : ct.n), tag.p, tag.n);
    bytes sealed_bytes = {sealed, total, 1};
    saline_bytes open_args[4] = {arg(key), arg(nonce), arg(aad), arg(sealed_bytes)};
    uint8_t *got;
    size_t n;
    int nonce_ok = nonce.n >= info.nonce_min && nonce.n <= info.nonce_max;
    if (strcmp(result, "valid") == 0 && nonce_ok && tag.n == info.tag_len) {
        saline_bytes seal_args[4] = {arg(key), arg(nonce), arg(aad), arg(msg)};
        int st = call(SALINE_OP_AEAD_SEAL, alg, seal_args, 4, NULL, 0, &got, msg.n + info.tag_len, &n);
        check(st == 0 && same(got, n, sealed_bytes), "seal (status %d)", st);
        free(got);
        st = call(SALINE_OP_AEAD_OPEN, alg, open_args, 4, NULL, 0, &got, msg.n, &n);
        check(st == 0 && same(got, n, msg), "open (status %d)", st);
        free(got);
        /* In place: the output buffer holds the plaintext it encrypts. */
        uint8_t *buf = malloc(msg.n + info.tag_len);
        if (msg.n) memcpy(buf, msg.p, msg.n);
        seal_args[3] = raw(buf, msg.n);
        st = saline_call(SALINE_OP_AEAD_SEAL, alg, seal_args, 4, NULL, 0, buf, msg.n + info.tag_len, &n);
        check(st == 0 && same(buf, n, sealed_bytes), "seal in place (status %d)", st);
        free(buf);
        /* A keyed handle: seal, open, both in place, and a tampered open. */
        saline_aead h = 0;
        st = saline_aead_new(alg, key.p, key.n, &h);
        check(st == 0, "saline_aead_new (status %d)", st);
        buf = malloc(msg.n + info.tag_len);
        if (msg.n) memcpy(buf, msg.p, msg.n);
        st = saline_aead_seal(h, nonce.p, nonce.n, aad.p, aad.n, buf, msg.n, buf, msg.n + info.tag_len, &n);
        check(st == 0 && same(buf, n, sealed_bytes), "saline_aead_seal in place (status %d)", st);
        st = saline_aead_open(h, nonce.p, nonce.n, aad.p, aad.n, buf, msg.n + info.tag_len, buf, msg.n + info.tag_len, &n);
        check(st == 0 && same(buf, n, msg), "saline_aead_open in place (status %d)", st);
        uint8_t *tampered = malloc(total + 1);
        memcpy(tampered, sealed, total);
        tampered[total - 1] ^= 1;
        memset(buf, 0xaa, msg.n + info.tag_len);
        st = saline_aead_open(h, nonce.p, nonce.n, aad.p, aad.n, tampered, total, buf, msg.n + info.tag_len, &n);
        int zeroed = 1;
        for (size_t i = 0; i < msg.n; i++) zeroed &= buf[i] == 0;
        check(st == SALINE_STATUS_VERIFICATION && zeroed, "saline_aead_open of a tampered message (status %d)", st);
        check(saline_aead_free(h) == 0 && saline_aead_free(h) == SALINE_STATUS_BAD_HANDLE, "saline_aead_free, twice");
        free(tampered), free(buf);
    } else if (strcmp(result, "valid") != 0) {
        int st = call(SALINE_OP_AEAD_OPEN, alg, open_args, 4, NULL, 0, &got, total, &n);
        check(st != 0, "an invalid case opened");
        if (st == SALINE_STATUS_VERIFICATION) {
            int zero = 1;
            for (size_t i = 0; i < (total >= info.tag_len ? total - info.tag_len : 0); i++) zero &= got[i] == 0;
            check(zero, "a failed open left plaintext in the output");
        }
        free(got);
    }
    free(sealed), free(key.p), free(nonce.p), free(aad.p), free(msg.p), free(ct.p), free(tag.p);
}

static void nacl_case(const object *c, const char *algorithm) {
    bytes msg = hex(c, "msg"), nonce = hex(c, "nonce"), pk = hex(c, "pk"), sk = hex(c, "sk");
    uint8_t *got;
    size_t n;
    int st;
    if (strcmp(algorithm, "secretbox") == 0) {
        bytes key = hex(c, "key"), box = hex(c, "box");
        saline_bytes args[4] = {arg(key), arg(nonce), ABSENT, arg(msg)};
        st = call(SALINE_OP_AEAD_SEAL, SALINE_ALG_XSALSA20_POLY1305, args, 4, NULL, 0, &got, msg.n + 16, &n);
        check(st == 0 && same(got, n, box), "secretbox seal (status %d)", st);
        free(got);
        args[3] = arg(box);
        st = call(SALINE_OP_AEAD_OPEN, SALINE_ALG_XSALSA20_POLY1305, args, 4, NULL, 0, &got, msg.n, &n);
        check(st == 0 && same(got, n, msg), "secretbox open (status %d)", st);
        free(got), free(key.p), free(box.p);
    } else if (strcmp(algorithm, "box") == 0 && get(c, "seed")) {
        bytes seed = hex(c, "seed");
        saline_bytes args[1] = {arg(seed)};
        st = call(SALINE_OP_BOX_KEY_PAIR, 0, args, 1, NULL, 0, &got, 64, &n);
        check(st == 0 && n == 64 && same(got, 32, pk) && same(got + 32, 32, sk), "box key pair from seed (status %d)", st);
        free(got), free(seed.p);
    } else if (strcmp(algorithm, "box") == 0) {
        bytes box = hex(c, "box");
        saline_bytes args[4] = {arg(msg), arg(nonce), arg(pk), arg(sk)};
        st = call(SALINE_OP_BOX_SEAL, 0, args, 4, NULL, 0, &got, msg.n + 16, &n);
        check(st == 0 && same(got, n, box), "box seal (status %d)", st);
        free(got);
        args[0] = arg(box);
        st = call(SALINE_OP_BOX_OPEN, 0, args, 4, NULL, 0, &got, msg.n, &n);
        check(st == 0 && same(got, n, msg), "box open (status %d)", st);
        free(got), free(box.p);
    } else if (strcmp(algorithm, "sealedbox") == 0) {
        bytes sealed = hex(c, "sealed");
        saline_bytes args[3] = {arg(sealed), arg(pk), arg(sk)};
        st = call(SALINE_OP_SEALED_BOX_OPEN, 0, args, 3, NULL, 0, &got, msg.n, &n);
        check(st == 0 && same(got, n, msg), "sealed box open (status %d)", st);
        free(got);
        saline_bytes seal_args[2] = {arg(msg), arg(pk)};
        uint8_t *fresh;
        st = call(SALINE_OP_SEALED_BOX_SEAL, 0, seal_args, 2, NULL, 0, &fresh, msg.n + 48, &n);
        args[0] = raw(fresh, n);
        int st2 = call(SALINE_OP_SEALED_BOX_OPEN, 0, args, 3, NULL, 0, &got, msg.n, &n);
        check(st == 0 && st2 == 0 && same(got, n, msg), "sealed box round trip (status %d, %d)", st, st2);
        free(got), free(fresh), free(sealed.p);
    } else {
        check(0, "unexpected nacl algorithm %s", algorithm);
    }
    free(msg.p), free(nonce.p), free(pk.p), free(sk.p);
}

static void sign_case(const object *c, const char *result) {
    bytes pk = hex(c, "pk"), msg = hex(c, "msg"), sig = hex(c, "sig"), seed = hex(c, "seed");
    uint8_t verdict = 0;
    size_t n;
    double strict = 0;
    saline_bytes args[3] = {arg(sig), arg(msg), arg(pk)};
    int st = saline_call(SALINE_OP_ED25519_VERIFY, 0, args, 3, &strict, 1, &verdict, 1, &n);
    if (strcmp(result, "valid") == 0) {
        check(st == 0 && verdict == 1, "verify (status %d, verdict %d)", st, verdict);
        if (seed.present) {
            uint8_t *got;
            saline_bytes sign_args[2] = {arg(msg), arg(seed)};
            st = call(SALINE_OP_ED25519_SIGN, 0, sign_args, 2, NULL, 0, &got, 64, &n);
            check(st == 0 && same(got, n, sig), "sign (status %d)", st);
            free(got);
            saline_bytes pk_args[1] = {arg(seed)};
            st = call(SALINE_OP_ED25519_PUBLIC_KEY, 0, pk_args, 1, NULL, 0, &got, 32, &n);
            check(st == 0 && same(got, n, pk), "public key (status %d)", st);
            free(got);
        }
    } else if (strcmp(result, "invalid") == 0) {
        check(st != 0 || verdict == 0, "an invalid signature verified");
    }
    free(pk.p), free(msg.p), free(sig.p), free(seed.p);
}

static void x25519_case(const object *c, const char *result) {
    bytes scalar = hex(c, "scalar"), point = hex(c, "point"), shared = hex(c, "shared");
    saline_bytes args[2] = {arg(scalar), arg(point)};
    uint8_t got[32];
    size_t n = 0;
    int st = saline_call(SALINE_OP_X25519_SHARED, 0, args, 2, NULL, 0, got, 32, &n);
    if (strcmp(result, "invalid") == 0) {
        check(st != 0, "an invalid case was accepted");
    } else {
        int zero = 1;
        for (size_t i = 0; i < shared.n; i++) zero &= shared.p[i] == 0;
        check(st == 0 ? same(got, n, shared) : zero, "x25519 shared (status %d)", st);
        st = saline_call(SALINE_OP_CRYPTO_SCALARMULT, 0, args, 2, NULL, 0, got, 32, &n);
        check(st == 0 && same(got, n, shared), "raw scalar multiplication (status %d)", st);
    }
    free(scalar.p), free(point.p), free(shared.p);
}

static void kdf_case(const object *c, const char *name, const char *result) {
    bytes password = hex(c, "password"), salt = hex(c, "salt"), out = hex(c, "out");
    uint8_t *got = NULL;
    size_t n;
    int st;
    if (strncmp(name, "pbkdf2-", 7) == 0) {
        saline_bytes args[2] = {arg(password), arg(salt)};
        double nums[2] = {num(c, "iterations"), (double)out.n};
        st = call(SALINE_OP_PBKDF2, alg_id(name + 7), args, 2, nums, 2, &got, out.n, &n);
        check(st == 0 && same(got, n, out), "pbkdf2 (status %d)", st);
    } else if (strncmp(name, "hkdf-", 5) == 0) {
        bytes ikm = hex(c, "ikm"), info = hex(c, "info");
        saline_bytes args[3] = {arg(ikm), arg(salt), arg(info)};
        double size = num(c, "size");
        st = call(SALINE_OP_HKDF, alg_id(name + 5), args, 3, &size, 1, &got, (size_t)size, &n);
        if (strcmp(result, "valid") == 0) check(st == 0 && same(got, n, out), "hkdf (status %d)", st);
        else check(st != 0, "an invalid hkdf size was accepted");
        free(ikm.p), free(info.p);
    } else if (strcmp(name, "scrypt") == 0) {
        saline_bytes args[2] = {arg(password), arg(salt)};
        double nums[4] = {num(c, "n"), num(c, "r"), num(c, "p"), (double)out.n};
        st = call(SALINE_OP_SCRYPT, 0, args, 2, nums, 4, &got, out.n, &n);
        check(st == 0 && same(got, n, out), "scrypt (status %d)", st);
    } else if (strncmp(name, "argon2", 6) == 0) {
        const char *phc = get(c, "phc");
        if (phc) {
            saline_bytes args[2] = {arg(password), raw(phc, strlen(phc))};
            st = saline_call(SALINE_OP_ARGON2_VERIFY, 0, args, 2, NULL, 0, NULL, 0, NULL);
            check(st == 0, "argon2 verify (status %d)", st);
        } else {
            bytes secret = hex(c, "secret"), ad = hex(c, "ad");
            saline_bytes args[4] = {arg(password), arg(salt), arg(secret), arg(ad)};
            double nums[4] = {num(c, "t"), num(c, "m"), num(c, "p"), (double)out.n};
            st = call(SALINE_OP_ARGON2, alg_id(name), args, 4, nums, 4, &got, out.n, &n);
            check(st == 0 && same(got, n, out), "argon2 (status %d)", st);
            free(secret.p), free(ad.p);
        }
    } else if (strcmp(name, "bcrypt") == 0) {
        const char *hash = get(c, "hash");
        saline_bytes args[2] = {arg(password), raw(hash, strlen(hash))};
        double truncate = 1;
        st = saline_call(SALINE_OP_BCRYPT_VERIFY, 0, args, 2, &truncate, 1, NULL, 0, NULL);
        check(st == 0, "bcrypt verify (status %d)", st);
    } else {
        check(0, "unexpected kdf %s", name);
    }
    free(got), free(password.p), free(salt.p), free(out.p);
}

static void run_file(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(where, sizeof where, "%s", path);
        check(0, "cannot open");
        return;
    }
    char *line = NULL;
    size_t cap = 0;
    object header = {0}, c = {0};
    char kind[32] = "", file_alg[64] = "";
    while (getline(&line, &cap, f) > 0) {
        if (header.n == 0) {
            parse_line(line, &header);
            snprintf(kind, sizeof kind, "%s", get(&header, "kind") ? get(&header, "kind") : "");
            snprintf(file_alg, sizeof file_alg, "%s", get(&header, "algorithm") ? get(&header, "algorithm") : "");
            continue;
        }
        parse_line(line, &c);
        const char *id = get(&c, "id"), *result = get(&c, "result"), *slow = get(&c, "slow");
        if (!id || !result) {
            object_free(&c);
            continue;
        }
        if (slow && strcmp(slow, "true") == 0) {
            object_free(&c);
            continue;
        }
        const char *algorithm = get(&c, "algorithm") ? get(&c, "algorithm") : file_alg;
        snprintf(where, sizeof where, "%s case %s (%s)", path, id, algorithm);
        if (strcmp(kind, "hash") == 0) hash_case(&c, alg_id(algorithm));
        else if (strcmp(kind, "mac") == 0) mac_case(&c, alg_id(algorithm), result);
        else if (strcmp(kind, "aead") == 0) aead_case(&c, alg_id(algorithm), result);
        else if (strcmp(kind, "nacl") == 0) nacl_case(&c, algorithm);
        else if (strcmp(kind, "sign") == 0) sign_case(&c, result);
        else if (strcmp(kind, "x25519") == 0) x25519_case(&c, result);
        else if (strcmp(kind, "kdf") == 0) kdf_case(&c, algorithm, result);
        else check(0, "unknown kind %s", kind);
        object_free(&c);
    }
    object_free(&header);
    free(line);
    fclose(f);
}

/* ------------------------------------------------------------ bad input */

static int message_has(const char *a, const char *b, const char *d) {
    const char *m = saline_last_error();
    return strstr(m, a) && (!b || strstr(m, b)) && (!d || strstr(m, d));
}

static void *hash_in_thread(void *arg) {
    (void)arg;
    int ok = 1;
    for (int i = 0; i < 200; i++) {
        uint8_t digest[32];
        saline_bytes args[1] = {raw("abc", 3)};
        double len = 32;
        ok &= saline_call(SALINE_OP_HASH, SALINE_ALG_SHA256, args, 1, &len, 1, digest, 32, NULL) == 0 && digest[0] == 0xba;
        /* A failure on this thread sets this thread's message only. */
        ok &= saline_call(SALINE_OP_HASH, 9999, args, 1, &len, 1, digest, 32, NULL) == SALINE_STATUS_UNSUPPORTED;
        ok &= strstr(saline_last_error(), "#9999") != NULL;
    }
    return (void *)(intptr_t)ok;
}

/* One AEAD sealed from four threads while the main thread frees it: each
   call either finishes with the right bytes or, once the handle is freed,
   is refused. The object is dropped only after the last call using it
   (handles.rs; its own tests also run under Miri): a use after the drop,
   which wipes the key schedule, would show here as wrong bytes. */
static saline_aead shared_aead;
static uint8_t shared_expected[64 + 16];
static atomic_int shared_seals;

static void *seal_in_thread(void *arg) {
    (void)arg;
    uint8_t nonce[12] = {0}, msg[64] = {0}, out[64 + 16];
    int ok = 1, refused = 0;
    for (int i = 0; i < 3000; i++) {
        int st = saline_aead_seal(shared_aead, nonce, 12, NULL, 0, msg, sizeof msg, out, sizeof out, NULL);
        if (st == SALINE_STATUS_BAD_HANDLE) {
            refused = 1;
        } else {
            /* Never valid again once refused; the right bytes otherwise. */
            ok &= st == 0 && !refused && memcmp(out, shared_expected, sizeof out) == 0;
            atomic_fetch_add(&shared_seals, 1);
        }
    }
    return (void *)(intptr_t)ok;
}

static void free_while_sealing(void) {
    uint8_t key[32] = {7}, nonce[12] = {0}, msg[64] = {0};
    check(saline_aead_new(SALINE_ALG_AES_GCM, key, 32, &shared_aead) == 0, "aead for the free-while-sealing check");
    check(saline_aead_seal(shared_aead, nonce, 12, NULL, 0, msg, sizeof msg, shared_expected, sizeof shared_expected, NULL) == 0,
          "the expected sealed bytes");
    pthread_t threads[4];
    for (int i = 0; i < 4; i++) pthread_create(&threads[i], NULL, seal_in_thread, NULL);
    while (atomic_load(&shared_seals) < 200) sched_yield();
    int freed = saline_aead_free(shared_aead);
    int all = 1;
    for (int i = 0; i < 4; i++) {
        void *ok;
        pthread_join(threads[i], &ok);
        all &= (int)(intptr_t)ok;
    }
    check(freed == 0, "freeing an AEAD in use: %d", freed);
    check(all, "four threads sealing while the AEAD is freed: the right bytes, then refused");
    check(saline_aead_free(shared_aead) == SALINE_STATUS_BAD_HANDLE, "a second free is refused");
}

static void bad_input(void) {
    uint8_t key[32] = {0}, nonce[12] = {0}, out[64];
    size_t n = 0;
    int st;
    snprintf(where, sizeof where, "bad input");

    saline_bytes seal31[4] = {raw(key, 31), raw(nonce, 12), ABSENT, raw("hi", 2)};
    st = saline_call(SALINE_OP_AEAD_SEAL, SALINE_ALG_CHACHA20_POLY1305, seal31, 4, NULL, 0, out, sizeof out, &n);
    check(st == SALINE_STATUS_RANGE && saline_last_status() == SALINE_STATUS_RANGE, "31-byte key: status %d", st);
    check(message_has("key", "32", "31"), "the message names key, 32 and 31: %s", saline_last_error());

    saline_bytes seal[4] = {raw(key, 32), raw(nonce, 12), ABSENT, raw("hi", 2)};
    st = saline_call(SALINE_OP_AEAD_SEAL, SALINE_ALG_CHACHA20_POLY1305, seal, 4, NULL, 0, out, 5, &n);
    check(st == SALINE_STATUS_RANGE && message_has("output", "18", "5"), "small output: %d %s", st, saline_last_error());

    st = saline_call(SALINE_OP_AEAD_SEAL, SALINE_ALG_CHACHA20_POLY1305, seal, 4, NULL, 0, NULL, 18, &n);
    check(st == SALINE_STATUS_NULL_POINTER && message_has("output", NULL, NULL), "NULL output: %d", st);

    saline_bytes null_input[4] = {raw(NULL, 32), raw(nonce, 12), ABSENT, raw("hi", 2)};
    st = saline_call(SALINE_OP_AEAD_SEAL, SALINE_ALG_CHACHA20_POLY1305, null_input, 4, NULL, 0, out, sizeof out, &n);
    check(st == SALINE_STATUS_NULL_POINTER && message_has("bytes[0]", NULL, NULL), "NULL input: %d %s", st, saline_last_error());

    st = saline_call(SALINE_OP_AEAD_SEAL, SALINE_ALG_CHACHA20_POLY1305, NULL, 4, NULL, 0, out, sizeof out, &n);
    check(st == SALINE_STATUS_NULL_POINTER, "NULL bytes array: %d", st);

    saline_bytes huge[1] = {raw(key, (size_t)PTRDIFF_MAX + 1)};
    double len32 = 32;
    st = saline_call(SALINE_OP_HASH, SALINE_ALG_SHA256, huge, 1, &len32, 1, out, 32, &n);
    check(st == SALINE_STATUS_RANGE, "a length above PTRDIFF_MAX: %d", st);

    st = saline_call(SALINE_OP_HASH, SALINE_ALG_SHA256, seal, 9, &len32, 1, out, 32, &n);
    check(st == SALINE_STATUS_RANGE, "nine byte arguments: %d", st);

    double nums[9] = {0};
    st = saline_call(SALINE_OP_HASH, SALINE_ALG_SHA256, seal, 1, nums, 9, out, 32, &n);
    check(st == SALINE_STATUS_RANGE, "nine numbers: %d", st);

    double bad_lengths[] = {-1, NAN, INFINITY, 1e300, 0.5};
    for (size_t i = 0; i < sizeof bad_lengths / sizeof *bad_lengths; i++) {
        st = saline_call(SALINE_OP_HASH, SALINE_ALG_SHAKE128, seal, 1, &bad_lengths[i], 1, out, 32, &n);
        check(st == SALINE_STATUS_RANGE || st == SALINE_STATUS_VALUE, "output length %g: %d", bad_lengths[i], st);
    }
    double enormous = 9007199254740991.0; /* 2^53 - 1 bytes of SHAKE into 32: refused, not allocated */
    st = saline_call(SALINE_OP_HASH, SALINE_ALG_SHAKE128, seal, 1, &enormous, 1, out, 32, &n);
    check(st == SALINE_STATUS_RANGE && message_has("output", NULL, NULL), "2^53 - 1 output bytes: %d", st);

    st = saline_call(9999, 0, NULL, 0, NULL, 0, out, sizeof out, &n);
    check(st == SALINE_STATUS_UNSUPPORTED, "unknown operation: %d", st);
    st = saline_call(SALINE_OP_HASH, 0xffffffffu, seal, 1, &len32, 1, out, 32, &n);
    check(st == SALINE_STATUS_UNSUPPORTED, "unknown algorithm id: %d", st);
    st = saline_call(SALINE_OP_HASH, SALINE_ALG_SHA256, NULL, 0, &len32, 1, out, 32, &n);
    check(st == SALINE_STATUS_VALUE && message_has("data", "required", NULL), "missing argument: %d %s", st, saline_last_error());

    uint32_t id = 0;
    check(saline_algorithm_id("SHA-256", &id) == 0 && id == SALINE_ALG_SHA256, "SHA-256 by name");
    check(saline_algorithm_id("no-such-hash", &id) == SALINE_STATUS_UNSUPPORTED && message_has("no-such-hash", NULL, NULL), "unknown name");
    check(saline_algorithm_id(NULL, &id) == SALINE_STATUS_NULL_POINTER, "NULL name");
    check(saline_algorithm_id("sha256", NULL) == SALINE_STATUS_NULL_POINTER, "NULL id");
    saline_algorithm_info_t info;
    check(saline_algorithm_info(SALINE_ALG_XCHACHA20_POLY1305, &info) == 0 && info.key_min == 32 && info.nonce_max == 24 &&
              info.tag_len == 16 && strcmp(info.name, "xchacha20-poly1305") == 0 && strcmp(info.kind, "aead") == 0,
          "xchacha20-poly1305 info");
    check(saline_algorithm_info(SALINE_ALG_SHA256, &info) == 0 && info.output_len == 32 && info.block_len == 64, "sha256 info");
    check(saline_algorithm_info(7777, &info) == SALINE_STATUS_UNSUPPORTED, "unknown id info");
    const char *json = NULL;
    size_t json_len = 0;
    check(saline_catalog_json(&json, &json_len) == 0 && json[0] == '[' && strlen(json) == json_len, "catalog json");

    /* A tampered AEAD: verification status, plaintext zeroed. */
    uint8_t sealed[18], opened[2] = {0x55, 0x55};
    saline_call(SALINE_OP_AEAD_SEAL, SALINE_ALG_CHACHA20_POLY1305, seal, 4, NULL, 0, sealed, 18, &n);
    sealed[0] ^= 1;
    saline_bytes open[4] = {raw(key, 32), raw(nonce, 12), ABSENT, raw(sealed, 18)};
    st = saline_call(SALINE_OP_AEAD_OPEN, SALINE_ALG_CHACHA20_POLY1305, open, 4, NULL, 0, opened, 2, &n);
    check(st == SALINE_STATUS_VERIFICATION && opened[0] == 0 && opened[1] == 0, "tampered open: %d", st);

    /* Streams: NULL, zero, stale, made-up handles and double frees. */
    saline_stream s = 0, t = 0;
    check(saline_stream_new(SALINE_ALG_SHA256, NULL, 0, NULL, 0, NULL) == SALINE_STATUS_NULL_POINTER, "stream_new NULL out");
    check(saline_stream_free(0) == SALINE_STATUS_BAD_HANDLE, "free(0)");
    {
        /* A stream's handle is not an AEAD's, nor the reverse. */
        saline_stream st_handle = 0;
        saline_aead aead_handle = 0;
        uint8_t key[32] = {0}, nonce[12] = {0}, sealed[16];
        check(saline_stream_new(SALINE_ALG_SHA256, NULL, 0, NULL, 0, &st_handle) == 0, "stream for the handle check");
        check(saline_aead_new(SALINE_ALG_CHACHA20_POLY1305, key, 32, &aead_handle) == 0, "aead for the handle check");
        check(saline_aead_seal((saline_aead)st_handle, nonce, 12, NULL, 0, NULL, 0, sealed, 16, NULL) == SALINE_STATUS_BAD_HANDLE,
              "a stream handle used as an AEAD");
        check(saline_stream_free((saline_stream)aead_handle) == SALINE_STATUS_BAD_HANDLE, "an AEAD handle freed as a stream");
        check(saline_aead_seal(0, nonce, 12, NULL, 0, NULL, 0, sealed, 16, NULL) == SALINE_STATUS_BAD_HANDLE, "aead_seal(0)");
        check(saline_stream_free(st_handle) == 0 && saline_aead_free(aead_handle) == 0, "free both");
    }
    check(saline_stream_update(0, (const uint8_t *)"a", 1) == SALINE_STATUS_BAD_HANDLE, "update(0)");
    check(saline_stream_new(SALINE_ALG_SHA256, NULL, 0, NULL, 0, &s) == 0 && s != 0, "stream_new");
    check(saline_stream_update(s, NULL, 5) == SALINE_STATUS_NULL_POINTER, "update NULL data");
    check(saline_stream_update(s, NULL, 0) == 0, "update NULL, 0");
    check(saline_stream_digest(s, out, 31, &n) == SALINE_STATUS_RANGE && message_has("output", "32", "31"), "digest into 31 bytes");
    check(saline_stream_output_len(s, &n) == 0 && n == 32, "output_len");
    check(saline_stream_free(s) == 0, "free");
    check(saline_stream_free(s) == SALINE_STATUS_BAD_HANDLE && message_has("handle", NULL, NULL), "double free");
    check(saline_stream_new(SALINE_ALG_SHA256, NULL, 0, NULL, 0, &t) == 0, "stream_new reusing the slot");
    check(t != s && saline_stream_update(s, (const uint8_t *)"a", 1) == SALINE_STATUS_BAD_HANDLE, "a stale handle stays invalid");
    check(saline_stream_digest(s, out, 32, &n) == SALINE_STATUS_BAD_HANDLE, "digest on a stale handle");
    check(saline_stream_reset(0x123456789abcdefull) == SALINE_STATUS_BAD_HANDLE, "a made-up handle");
    check(saline_stream_free(t) == 0, "free the second");
    saline_bytes short_key[1] = {raw(key, 31)};
    check(saline_stream_new(SALINE_ALG_POLY1305, short_key, 1, NULL, 0, &s) == SALINE_STATUS_RANGE && message_has("key", "32", "31"),
          "poly1305 stream with a 31-byte key");
    check(saline_stream_new(SALINE_ALG_HMAC_SHA256, NULL, 0, NULL, 0, &s) == SALINE_STATUS_VALUE, "hmac stream without a key");

    /* saline_call_flat and in-place use. */
    uint8_t buf[2 + 16] = {'h', 'i'};
    st = saline_call_flat(SALINE_OP_AEAD_SEAL, SALINE_ALG_CHACHA20_POLY1305, 4, key, 32, nonce, 12, NULL, SALINE_ABSENT, buf, 2, NULL, 0,
                          NULL, 0, buf, sizeof buf, &n);
    check(st == 0 && n == 18 && memcmp(buf + 1, sealed + 1, 17) == 0 && (buf[0] ^ 1) == sealed[0], "flat seal in place: %d", st);
    st = saline_call_flat(SALINE_OP_HASH, SALINE_ALG_SHA256, 6, key, 1, NULL, 0, NULL, 0, NULL, 0, NULL, 0, &len32, 1, out, 32, &n);
    check(st == SALINE_STATUS_RANGE, "flat with six arguments: %d", st);

    uint8_t random[32] = {0};
    check(saline_random_bytes(random, sizeof random) == 0 && saline_random_bytes(NULL, 0) == 0, "random bytes");
    check(saline_random_bytes(NULL, 3) == SALINE_STATUS_NULL_POINTER, "random into NULL");

    pthread_t threads[4];
    for (int i = 0; i < 4; i++) pthread_create(&threads[i], NULL, hash_in_thread, NULL);
    int all = 1;
    for (int i = 0; i < 4; i++) {
        void *ok;
        pthread_join(threads[i], &ok);
        all &= (int)(intptr_t)ok;
    }
    check(all, "four threads hashing and failing at once keep their own messages");
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) run_file(argv[i]);
    bad_input();
    free_while_sealing();
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
