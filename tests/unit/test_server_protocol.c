/* test_server_protocol.c: the table server's protocol (docs/protocol.md) driven without sockets:
 * every bad message is answered with an error and changes nothing; a whole game is played by a
 * person's seat against an AI seat; a seat is told only its own view, and the legal actions only
 * while it decides; a running table's record is refused and a finished one's is sent; a table
 * survives a restart on its database. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "core/store.h"
#include "games/archmajesty/table.h"
#include "server/server.h"

enum { INBOX = 4096 };

/* What the server sent: (connection, message) in order. */
static struct {
    int conn[INBOX];
    json_t *msg[INBOX];
    int n;
} inbox;

static void inbox_send(void *ctx, int conn, const char *json)
{
    (void)ctx;
    json_error_t err;
    json_t *m = json_loads(json, 0, &err);
    assert_non_null(m);
    assert_true(strlen(json) <= SRV_MESSAGE_MAX);
    if (inbox.n == INBOX) { /* keep the latest: drop the oldest half */
        for (int i = 0; i < INBOX / 2; i++)
            json_decref(inbox.msg[i]);
        memmove(inbox.msg, inbox.msg + INBOX / 2, sizeof inbox.msg / 2);
        memmove(inbox.conn, inbox.conn + INBOX / 2, sizeof inbox.conn / 2);
        inbox.n = INBOX / 2;
    }
    inbox.conn[inbox.n] = conn;
    inbox.msg[inbox.n++] = m;
}

static void inbox_clear(void)
{
    for (int i = 0; i < inbox.n; i++)
        json_decref(inbox.msg[i]);
    inbox.n = 0;
}

/* The last message to conn of type (any type: NULL), or NULL. */
static json_t *last(int conn, const char *type)
{
    for (int i = inbox.n - 1; i >= 0; i--)
        if (inbox.conn[i] == conn &&
            (!type || !strcmp(json_string_value(json_object_get(inbox.msg[i], "type")), type)))
            return inbox.msg[i];
    return NULL;
}

static void say(srv *s, int conn, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(srv *s, int conn, const char *fmt, ...)
{
    char buf[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    srv_receive(s, conn, buf, strlen(buf));
}

static const char *str(json_t *o, const char *key)
{
    return json_string_value(json_object_get(o, key));
}

static srv *server(const char *db)
{
    carta_error err = {0};
    srv *s = srv_new(CARTA_DATA_DIR, db, &err);
    if (!s)
        fail_msg("%s", err.msg);
    srv_set_transport(s, inbox_send, NULL, NULL);
    return s;
}

/* Creates an Æmber table, a person in seat 0 and a random AI in seat 1; writes the table's id
 * and the person's token. */
static void create_table(srv *s, int conn, char *table, char *token)
{
    say(s, conn, "{\"type\": \"create\", \"game\": \"aember\", \"seed\": 7, \"seats\": "
                 "[{\"player\": \"human\"}, {\"player\": \"ai\", \"ai\": \"random\"}]}");
    json_t *created = last(conn, "created");
    assert_non_null(created);
    snprintf(table, 17, "%s", str(created, "table"));
    snprintf(token, 33, "%s", str(json_array_get(json_object_get(created, "seats"), 0), "token"));
    assert_int_equal(strlen(token), 32);
    assert_null(json_object_get(json_array_get(json_object_get(created, "seats"), 1), "token"));
}

/* A server with connections 1 and 2 open, and a table created by connection 1 (create_table). */
static srv *table_with_ai(char *table, char *token)
{
    srv *s = server(NULL);
    srv_open(s, 1);
    srv_open(s, 2);
    create_table(s, 1, table, token);
    return s;
}

static void expect_error(int conn, const char *code)
{
    json_t *m = last(conn, NULL);
    assert_non_null(m);
    if (strcmp(str(m, "type"), "error") || strcmp(str(m, "code"), code))
        fail_msg("expected error %s, got %s", code, json_dumps(m, JSON_COMPACT));
    assert_non_null(str(m, "message"));
}

/* The step of the table as a watcher sees it. */
static int step_of(srv *s, int conn, const char *table)
{
    say(s, conn, "{\"type\": \"join\", \"table\": \"%s\"}", table);
    return (int)json_integer_value(json_object_get(last(conn, "state"), "step"));
}

static void test_bad_messages_change_nothing(void **unused)
{
    (void)unused;
    char table[17], token[33];
    srv *s = table_with_ai(table, token);
    srv_ai_wait(s);
    int before = step_of(s, 2, table);
    say(s, 1, "{\"type\": \"join\"");
    expect_error(1, "bad_json");
    say(s, 1, "[1, 2]");
    expect_error(1, "bad_json");
    say(s, 1, "{\"table\": \"%s\"}", table);
    expect_error(1, "bad_request");
    say(s, 1, "{\"type\": \"explode\"}");
    expect_error(1, "unknown_type");
    char *big = malloc(SRV_MESSAGE_MAX + 16);
    memset(big, ' ', SRV_MESSAGE_MAX + 15);
    big[SRV_MESSAGE_MAX + 15] = 0;
    srv_receive(s, 1, big, SRV_MESSAGE_MAX + 15);
    free(big);
    expect_error(1, "too_large");
    say(s, 1, "{\"type\": \"join\", \"table\": \"nosuchtable\"}");
    expect_error(1, "unknown_table");
    say(s, 1, "{\"type\": \"act\", \"table\": \"%s\", \"token\": \"%032d\", \"action\": 0}", table,
        0);
    expect_error(1, "bad_token");
    say(s, 1, "{\"type\": \"act\", \"table\": \"%s\", \"action\": 0}", table);
    expect_error(1, "bad_token");
    say(s, 1, "{\"type\": \"act\", \"table\": \"%s\", \"token\": \"%s\", \"action\": 100000}",
        table, token);
    expect_error(1, "illegal_action");
    say(s, 1, "{\"type\": \"act\", \"table\": \"%s\", \"token\": \"%s\", \"action\": \"0\"}",
        table, token);
    expect_error(1, "bad_request");
    say(s, 1, "{\"type\": \"record\", \"table\": \"%s\"}", table);
    expect_error(1, "running");
    /* two people: the one who does not decide may not act */
    say(s, 1, "{\"type\": \"create\", \"game\": \"aember\", \"seed\": 3, \"seats\": "
              "[{\"player\": \"human\"}, {\"player\": \"human\"}]}");
    json_t *both = json_object_get(last(1, "created"), "seats");
    char other[17];
    snprintf(other, sizeof other, "%s", str(last(1, "created"), "table"));
    say(s, 1, "{\"type\": \"join\", \"table\": \"%s\"}", other);
    int decides = (int)json_integer_value(json_array_get(
        json_object_get(json_object_get(last(1, "state"), "view"), "to_act"), 0));
    say(s, 1, "{\"type\": \"act\", \"table\": \"%s\", \"token\": \"%s\", \"action\": 0}",
        other, str(json_array_get(both, !decides), "token"));
    expect_error(1, "not_deciding");
    assert_int_equal(step_of(s, 2, other), 0);
    say(s, 1, "{\"type\": \"create\", \"game\": \"chess\", \"seats\": []}");
    expect_error(1, "unknown_game");
    say(s, 1, "{\"type\": \"create\", \"game\": \"aember\", \"seats\": [{\"player\": \"human\", "
              "\"deck\": \"/etc/passwd\"}, {\"player\": \"human\"}]}");
    expect_error(1, "bad_deck");
    say(s, 1, "{\"type\": \"create\", \"game\": \"aember\", \"players\": 9, \"seats\": []}");
    expect_error(1, "bad_request");
    say(s, 1, "{\"type\": \"create\", \"game\": \"aember\", \"mode\": \"blitz\", \"seats\": "
              "[{\"player\": \"human\"}, {\"player\": \"human\"}]}");
    expect_error(1, "bad_request");
    say(s, 1, "{\"type\": \"create\", \"game\": \"arkhtide\", \"mode\": \"desperate\", "
              "\"seats\": [{\"player\": \"human\"}, {\"player\": \"human\"}]}");
    expect_error(1, "bad_request"); /* Desperate Measures is for 3 to 5 */
    say(s, 1, "{\"type\": \"create\", \"game\": \"aember\", \"seats\": [{\"player\": \"ai\", "
              "\"ai\": \"oracle\"}, {\"player\": \"human\"}]}");
    expect_error(1, "bad_request");
    say(s, 1, "{\"type\": \"card\", \"game\": \"aember\", \"card\": 999999}");
    expect_error(1, "bad_request");
    say(s, 1, "{\"type\": \"card\", \"game\": \"aember\", \"card\": -1}");
    expect_error(1, "bad_request");
    say(s, 1, "{\"type\": \"card\", \"game\": \"aember\", \"card\": \"0\"}");
    expect_error(1, "bad_request");
    say(s, 1, "{\"type\": \"card\", \"game\": \"aember\", \"card\": 0}");
    json_t *card = last(1, "card");
    assert_non_null(card);
    assert_true(strlen(str(card, "name")) > 0 && strlen(str(card, "text")) > 0);
    assert_int_equal(step_of(s, 2, table), before);
    assert_int_equal(srv_tables(s), 2);
    inbox_clear();
    srv_free(s);
}

/* Plays the table to its end: the person always takes its first legal action. Checks that every
 * state names the seat it is for and carries legal actions exactly when that seat decides. */
static void play_out(srv *s, int conn, const char *table, const char *token)
{
    say(s, conn, "{\"type\": \"join\", \"table\": \"%s\", \"token\": \"%s\"}", table, token);
    for (int moves = 0; moves < 5000; moves++) {
        srv_ai_wait(s);
        json_t *st = last(conn, "state"), *view = json_object_get(st, "view");
        assert_int_equal(json_integer_value(json_object_get(st, "seat")), 0);
        assert_int_equal(json_integer_value(json_object_get(view, "viewer")), 0);
        if (json_is_true(json_object_get(view, "over"))) {
            assert_null(json_object_get(st, "legal"));
            return;
        }
        json_t *legal = json_object_get(st, "legal");
        int decides = json_array_size(json_object_get(view, "to_act")) &&
                      json_integer_value(json_array_get(json_object_get(view, "to_act"), 0)) == 0;
        assert_int_equal(legal != NULL, decides);
        assert_true(decides);
        assert_true(json_array_size(legal) > 0);
        say(s, conn, "{\"type\": \"act\", \"table\": \"%s\", \"token\": \"%s\", \"action\": 0}",
            table, token);
        if (!strcmp(str(last(conn, NULL), "type"), "error"))
            fail_msg("%s", json_dumps(last(conn, NULL), JSON_COMPACT));
    }
    fail_msg("the game did not end");
}

static void test_a_whole_game_against_the_ai(void **unused)
{
    (void)unused;
    char table[17], token[33];
    srv *s = table_with_ai(table, token);
    say(s, 2, "{\"type\": \"join\", \"table\": \"%s\"}", table); /* a watcher */
    play_out(s, 1, table, token);
    say(s, 2, "{\"type\": \"tables\"}");
    json_t *listed = json_array_get(json_object_get(last(2, "tables"), "tables"), 0);
    assert_string_equal(str(listed, "table"), table);
    assert_true(json_is_true(json_object_get(listed, "over")));
    char *tables = json_dumps(last(2, "tables"), JSON_COMPACT);
    assert_null(strstr(tables, token)); /* no token listed */
    free(tables);
    json_t *watched = last(2, "state");
    assert_true(json_is_null(json_object_get(watched, "seat")));
    assert_null(json_object_get(watched, "legal"));
    say(s, 2, "{\"type\": \"record\", \"table\": \"%s\"}", table);
    json_t *record = json_object_get(last(2, "record"), "record");
    assert_non_null(record);
    assert_string_equal(str(record, "game"), "aember");
    inbox_clear();
    srv_free(s);
}

/* A seat's view hides the other seat's hand: every card of seat 1's hand is {"card": null} to
 * seat 0, and seat 0's own hand is named. */
static void test_a_seat_sees_only_its_own_hand(void **unused)
{
    (void)unused;
    char table[17], token[33];
    srv *s = table_with_ai(table, token);
    srv_ai_wait(s);
    say(s, 1, "{\"type\": \"join\", \"table\": \"%s\", \"token\": \"%s\"}", table, token);
    json_t *seats = json_object_get(json_object_get(last(1, "state"), "view"), "seats");
    json_t *mine = json_object_get(json_object_get(json_object_get(json_array_get(seats, 0),
                                                                   "zones"), "hand"), "cards");
    json_t *theirs = json_object_get(json_object_get(json_object_get(json_array_get(seats, 1),
                                                                     "zones"), "hand"), "cards");
    assert_true(json_array_size(mine) > 0 && json_array_size(theirs) > 0);
    size_t i;
    json_t *c;
    json_array_foreach(mine, i, c)
        assert_non_null(str(c, "card"));
    json_array_foreach(theirs, i, c)
        assert_true(json_is_null(json_object_get(c, "card")));
    inbox_clear();
    srv_free(s);
}

/* A path for a new SQLite file (none there yet). */
static void temp_db(char *db)
{
    int fd = mkstemp(db);
    assert_true(fd >= 0);
    close(fd);
    unlink(db);
}

/* Removes the SQLite file db and its WAL files. */
static void remove_db(const char *db)
{
    char path[64];
    unlink(db);
    snprintf(path, sizeof path, "%s-wal", db);
    unlink(path);
    snprintf(path, sizeof path, "%s-shm", db);
    unlink(path);
}

static void test_a_table_survives_a_restart(void **unused)
{
    (void)unused;
    char db[] = "/tmp/carta-serve-XXXXXX";
    temp_db(db);
    char table[17], token[33];
    srv *s = server(db);
    srv_open(s, 1);
    create_table(s, 1, table, token);
    srv_ai_wait(s);
    for (int k = 0; k < 3; k++) {
        say(s, 1, "{\"type\": \"act\", \"table\": \"%s\", \"token\": \"%s\", \"action\": 0}",
            table, token);
        srv_ai_wait(s);
    }
    int before = step_of(s, 1, table);
    json_t *view = json_deep_copy(json_object_get(last(1, "state"), "view"));
    inbox_clear();
    srv_free(s);

    s = server(db);
    srv_open(s, 1);
    assert_int_equal(srv_tables(s), 1);
    assert_int_equal(step_of(s, 1, table), before);
    assert_true(json_equal(view, json_object_get(last(1, "state"), "view")));
    say(s, 1, "{\"type\": \"join\", \"table\": \"%s\", \"token\": \"%s\"}", table, token);
    assert_int_equal(json_integer_value(json_object_get(last(1, "joined"), "seat")), 0);
    json_decref(view);
    inbox_clear();
    srv_free(s);
    remove_db(db);
}

/* Undo against the AI: the person's last decision and the AI's answers are taken back, and the
 * table is exactly as it was before that decision (docs/protocol.md, undo). */
static void test_undo_against_the_ai(void **unused)
{
    (void)unused;
    char table[17], token[33];
    srv *s = table_with_ai(table, token);
    srv_ai_wait(s);
    say(s, 1, "{\"type\": \"join\", \"table\": \"%s\", \"token\": \"%s\"}", table, token);
    for (int k = 0; k < 4; k++) {
        say(s, 1, "{\"type\": \"act\", \"table\": \"%s\", \"token\": \"%s\", \"action\": 0}",
            table, token);
        srv_ai_wait(s);
    }
    json_t *before = json_deep_copy(last(1, "state"));
    int step = (int)json_integer_value(json_object_get(before, "step"));
    say(s, 1, "{\"type\": \"act\", \"table\": \"%s\", \"token\": \"%s\", \"action\": 0}",
        table, token);
    srv_ai_wait(s);
    assert_true(json_integer_value(json_object_get(last(1, "state"), "step")) > step);
    say(s, 1, "{\"type\": \"undo\", \"table\": \"%s\", \"token\": \"%s\"}", table, token);
    json_t *after = last(1, "state");
    assert_int_equal(json_integer_value(json_object_get(after, "step")), step);
    /* the same view but for the events (of the last move replayed, not of the move seen) */
    json_t *v0 = json_deep_copy(json_object_get(before, "view"));
    json_t *v1 = json_deep_copy(json_object_get(after, "view"));
    json_object_del(v0, "events");
    json_object_del(v1, "events");
    assert_true(json_equal(v0, v1));
    json_decref(v0);
    json_decref(v1);
    assert_true(json_equal(json_object_get(before, "legal"), json_object_get(after, "legal")));
    json_decref(before);
    /* between two people there is no undo */
    say(s, 1, "{\"type\": \"create\", \"game\": \"leaders\", \"seed\": 2, \"seats\": "
              "[{\"player\": \"human\"}, {\"player\": \"human\"}]}");
    json_t *created = last(1, "created");
    say(s, 1, "{\"type\": \"undo\", \"table\": \"%s\", \"token\": \"%s\"}",
        str(created, "table"), str(json_array_get(json_object_get(created, "seats"), 0), "token"));
    expect_error(1, "cannot_undo");
    inbox_clear();
    srv_free(s);
}

/* A finished table replayed step by step, by anyone; a running one by no one. */
static void test_replay_a_finished_table(void **unused)
{
    (void)unused;
    char table[17], token[33];
    srv *s = table_with_ai(table, token);
    say(s, 2, "{\"type\": \"replay\", \"table\": \"%s\", \"step\": 0}", table);
    expect_error(2, "running");
    play_out(s, 1, table, token);
    int steps = (int)json_integer_value(json_object_get(last(1, "state"), "step"));
    for (int step = 0; step <= steps; step += steps / 4 ? steps / 4 : 1) {
        say(s, 2, "{\"type\": \"replay\", \"table\": \"%s\", \"step\": %d}", table, step);
        json_t *r = last(2, "replay");
        assert_non_null(r);
        assert_int_equal(json_integer_value(json_object_get(r, "step")), step);
        assert_int_equal(json_integer_value(json_object_get(r, "steps")), steps);
        assert_true(json_is_null(json_object_get(r, "seat")));
        assert_null(json_object_get(r, "legal"));
    }
    say(s, 2, "{\"type\": \"replay\", \"table\": \"%s\", \"step\": %d}", table, steps + 1);
    expect_error(2, "bad_request");
    inbox_clear();
    srv_free(s);
}

/* The simulation page's runs: progress as games finish, then the summary `carta sim --json`
 * gives, with win rates and their intervals; a bad run is refused. */
static void test_a_simulation_run(void **unused)
{
    (void)unused;
    char db[] = "/tmp/carta-serve-XXXXXX";
    temp_db(db);
    srv *s = server(db);
    srv_open(s, 1);
    say(s, 1, "{\"type\": \"sim\", \"game\": \"template\", \"games\": 0, "
              "\"seats\": [\"random\", \"random\"]}");
    expect_error(1, "bad_request");
    say(s, 1, "{\"type\": \"sim\", \"game\": \"template\", \"games\": 5, "
              "\"seats\": [\"random\", \"oracle\"]}");
    expect_error(1, "bad_request");
    say(s, 1, "{\"type\": \"sim\", \"game\": \"aember\", \"games\": 5, "
              "\"seats\": [\"random\", \"random\"], \"decks\": [\"random\", \"../x.yaml\"]}");
    expect_error(1, "bad_request");
    say(s, 1, "{\"type\": \"sim\", \"game\": \"template\", \"games\": 40, \"seed\": 3, "
              "\"seats\": [\"greedy\", \"random\"]}");
    assert_non_null(last(1, "sim_started"));
    json_t *done = NULL;
    for (int t = 0; t < 2000 && !done; t++) {
        usleep(10000);
        srv_ai_collect(s);
        done = last(1, "sim_done");
    }
    assert_non_null(done);
    assert_int_equal(srv_sims_running(s), 0);
    json_t *players = json_object_get(json_object_get(done, "summary"), "players");
    assert_int_equal(json_array_size(players), 2);
    int games = 0;
    size_t i;
    json_t *p;
    json_array_foreach(players, i, p) {
        games += (int)json_integer_value(json_object_get(p, "wins"));
        assert_true(json_real_value(json_object_get(p, "ci_low")) <=
                    json_real_value(json_object_get(p, "win_rate")));
    }
    games += (int)json_integer_value(json_object_get(json_object_get(done, "summary"), "draws"));
    assert_int_equal(games, 40);
    /* The run is kept in the server's store with its summary, as `carta sim --db` keeps one. */
    json_int_t run = json_integer_value(json_object_get(done, "run"));
    assert_true(run > 0);
    carta_error err = {0};
    carta_store *store = carta_store_open(db, &err);
    assert_non_null(store);
    char *settings = NULL, *summary = NULL;
    assert_int_equal(carta_store_run_get(store, run, &settings, &summary, &err), CARTA_OK);
    json_t *kept = json_loads(summary, 0, NULL);
    assert_true(json_equal(kept, json_object_get(done, "summary")));
    assert_non_null(strstr(settings, "\"game\":\"template\""));
    json_decref(kept);
    free(settings);
    free(summary);
    carta_store_close(store);
    inbox_clear();
    srv_free(s);
    remove_db(db);
}

/* Hidden picks made at once (core/simultaneous.h; Arkhtide's Realm Phase): every person who
 * picks is sent its choices at the same moment; a pick made before its turn is kept, told to no
 * one else (not even that it was made), and applied when its turn comes; the game plays on. */
static void test_hidden_picks_at_once(void **unused)
{
    (void)unused;
    srv *s = server(NULL);
    srv_open(s, 1);
    srv_open(s, 2);
    say(s, 1, "{\"type\": \"create\", \"game\": \"arkhtide\", \"seed\": 4, \"seats\": "
              "[{\"player\": \"human\"}, {\"player\": \"human\"}]}");
    json_t *created = last(1, "created");
    char table[17], tokens[2][33];
    snprintf(table, sizeof table, "%s", str(created, "table"));
    for (int i = 0; i < 2; i++)
        snprintf(tokens[i], sizeof tokens[i], "%s",
                 str(json_array_get(json_object_get(created, "seats"), i), "token"));
    for (int i = 0; i < 2; i++)
        say(s, i + 1, "{\"type\": \"join\", \"table\": \"%s\", \"token\": \"%s\"}", table,
            tokens[i]);
    int at_once = 0, over = 0;
    json_t *st[2] = {NULL, NULL};
    for (int moves = 0; moves < 3000 && !over; moves++) {
        for (int i = 0; i < 2; i++) { /* each seat's latest state, kept across clearing */
            json_t *m = last(i + 1, "state");
            if (m) {
                json_decref(st[i]);
                st[i] = json_incref(m);
            }
        }
        inbox_clear();
        over = json_is_true(json_object_get(json_object_get(st[0], "view"), "over"));
        if (over)
            break;
        int to_act = (int)json_integer_value(
            json_array_get(json_object_get(json_object_get(st[0], "view"), "to_act"), 0));
        int picker = -1; /* a seat asked though not to act: it picks now */
        for (int i = 0; i < 2; i++)
            if (i != to_act && json_object_get(st[i], "legal"))
                picker = i;
        int seat = picker >= 0 ? picker : to_act;
        if (picker >= 0) {
            at_once++;
            assert_non_null(json_object_get(st[to_act], "legal"));
        }
        int before_other = inbox.n;
        say(s, seat + 1, "{\"type\": \"act\", \"table\": \"%s\", \"token\": \"%s\", "
                         "\"action\": 0}", table, tokens[seat]);
        if (!strcmp(str(last(seat + 1, NULL), "type"), "error"))
            fail_msg("%s", json_dumps(last(seat + 1, NULL), JSON_COMPACT));
        if (picker >= 0) /* only the picker heard of its pick */
            for (int k = before_other; k < inbox.n; k++)
                assert_int_equal(inbox.conn[k], seat + 1);
    }
    json_decref(st[0]);
    json_decref(st[1]);
    assert_true(at_once > 0);
    assert_true(over);
    inbox_clear();
    srv_free(s);
}

/* Finished tables make room: past SRV_TABLES_MAX tables, a new one takes the place of the oldest
 * finished table nobody watches (docs/protocol.md); a watched one stays; when every table is
 * running, a create is refused (busy) and nothing changes. */
static void test_finished_tables_make_room(void **unused)
{
    (void)unused;
    srv *s = server(NULL);
    srv_open(s, 1);
    srv_open(s, 2);
    const char *ai_vs_ai = "{\"type\": \"create\", \"game\": \"template\", \"seed\": %d, \"seats\": "
                           "[{\"player\": \"ai\", \"ai\": \"random\"}, "
                           "{\"player\": \"ai\", \"ai\": \"random\"}]}";
    char first[17], watched[17], newest[17];
    for (int i = 0; i < SRV_TABLES_MAX + 8; i++) {
        say(s, i == 1 ? 2 : 1, ai_vs_ai, i);
        json_t *created = last(i == 1 ? 2 : 1, "created");
        if (!created || (i > 0 && !strcmp(str(created, "table"), newest)))
            fail_msg("create %d not answered: %s", i,
                     str(last(i == 1 ? 2 : 1, NULL), "message"));
        snprintf(newest, sizeof newest, "%s", str(created, "table"));
        if (i == 0)
            snprintf(first, sizeof first, "%s", newest);
        if (i == 1) {
            snprintf(watched, sizeof watched, "%s", newest);
            say(s, 2, "{\"type\": \"join\", \"table\": \"%s\"}", watched);
        }
        srv_ai_wait(s);
        if (inbox.n > 64)
            inbox_clear();
    }
    say(s, 1, "{\"type\": \"tables\"}");
    json_t *listed = last(1, "tables"), *list = json_object_get(listed, "tables");
    assert_int_equal(json_integer_value(json_object_get(listed, "total")), SRV_TABLES_MAX);
    assert_int_equal(json_array_size(list), 100); /* the newest hundred */
    assert_string_equal(str(json_array_get(list, 0), "table"), newest); /* newest first */
    say(s, 2, "{\"type\": \"join\", \"table\": \"%s\"}", watched); /* still there */
    assert_string_equal(str(last(2, "state"), "table"), watched);
    say(s, 1, "{\"type\": \"join\", \"table\": \"%s\"}", first);
    expect_error(1, "unknown_table");
    inbox_clear();
    srv_free(s);

    s = server(NULL); /* every table running: no room */
    srv_open(s, 1);
    char table[17], token[33];
    for (int i = 0; i < SRV_TABLES_MAX; i++) {
        create_table(s, 1, table, token);
        if (inbox.n > 64)
            inbox_clear();
    }
    srv_ai_wait(s);
    say(s, 1, "{\"type\": \"create\", \"game\": \"aember\", \"seats\": [{\"player\": \"human\"}, "
              "{\"player\": \"human\"}]}");
    expect_error(1, "busy");
    say(s, 1, "{\"type\": \"tables\"}");
    assert_int_equal(json_integer_value(json_object_get(last(1, "tables"), "total")),
                     SRV_TABLES_MAX);
    inbox_clear();
    srv_free(s);
}

/* The Gamemaster's panel (docs/protocol.md, gm; docs/table.md): only its token runs commands; a
 * command's words come back with the campaign, which is saved; a server without a campaign says
 * so; a refused message changes nothing. */
/* The games message names the part each seat plays and each prebuilt deck is for where a game's
 * seats differ (archmajesty.txt, The Gamemaster: "one person must opt into the role of the
 * Gamemaster"), so the lobby offers encounters only to the Gamemaster's seat. */
static json_t *game_entry(json_t *games, const char *id)
{
    size_t i;
    json_t *g;
    json_array_foreach(games, i, g) if (!strcmp(str(g, "id"), id)) return g;
    return NULL;
}

static void test_seats_and_decks_by_part(void **unused)
{
    (void)unused;
    srv *s = server(NULL);
    srv_open(s, 1);
    say(s, 1, "{\"type\": \"games\"}");
    json_t *games = json_object_get(last(1, "games"), "games");
    json_t *am = game_entry(games, "archmajesty"), *ae = game_entry(games, "aember");
    assert_non_null(am);
    assert_non_null(ae);
    json_t *three = json_object_get(json_object_get(am, "seat_roles"), "3");
    assert_int_equal(json_array_size(three), 3);
    assert_string_equal(json_string_value(json_array_get(three, 0)), "mage");
    assert_string_equal(json_string_value(json_array_get(three, 1)), "mage");
    assert_string_equal(json_string_value(json_array_get(three, 2)), "Gamemaster");
    json_t *roles = json_object_get(am, "deck_roles");
    assert_string_equal(str(roles, "cass"), "mage");
    assert_string_equal(str(roles, "bandit-ambush"), "Gamemaster");
    assert_int_equal(json_object_size(roles), json_array_size(json_object_get(am, "decks")));
    assert_null(json_object_get(ae, "seat_roles")); /* Æmber's seats are alike */
    assert_null(json_object_get(ae, "deck_roles"));
    srv_free(s);
    inbox_clear();
}

static void test_gamemaster_panel(void **unused)
{
    (void)unused;
    char path[] = "/tmp/carta_gm_XXXXXX";
    temp_db(path); /* a fresh name: the campaign starts empty */
    srv *s = server(NULL);
    srv_open(s, 1);
    say(s, 1, "{\"type\": \"gm\", \"token\": \"x\"}");
    expect_error(1, "no_campaign");
    carta_error err = {0};
    assert_int_equal(srv_set_campaign(s, path, 7, &err), CARTA_OK);
    const char *token = srv_campaign_token(s);
    assert_int_equal(strlen(token), 32);
    say(s, 1, "{\"type\": \"gm\", \"token\": \"%032d\", \"command\": \"clock Heist 2\"}", 0);
    expect_error(1, "forbidden");
    say(s, 1, "{\"type\": \"gm\", \"token\": \"%s\", \"command\": 5}", token);
    expect_error(1, "forbidden");
    assert_int_equal(access(path, F_OK), -1); /* nothing saved */
    say(s, 1, "{\"type\": \"gm\", \"token\": \"%s\", \"command\": \"clock Heist 2\"}", token);
    json_t *m = last(1, "gm");
    assert_non_null(m);
    assert_true(json_is_true(json_object_get(m, "changed")));
    assert_string_equal(str(m, "said"), "A clock: Heist, 2 segments.\n");
    json_t *clock = json_array_get(json_object_get(json_object_get(m, "campaign"), "clocks"), 0);
    assert_string_equal(str(clock, "name"), "Heist");
    assert_string_equal(str(clock, "completion"), "running");
    say(s, 1, "{\"type\": \"gm\", \"token\": \"%s\", \"command\": \"check 9 mod 30 on "
              "heist\"}", token);
    m = last(1, "gm");
    assert_non_null(strstr(str(m, "said"), "A task check against DT 9: natural"));
    clock = json_array_get(json_object_get(json_object_get(m, "campaign"), "clocks"), 0);
    assert_string_equal(str(clock, "completion"), "success");
    assert_string_equal(json_string_value(json_array_get(json_object_get(clock, "choices"), 0)),
                        "success");
    srv_free(s);
    am_campaign *back = calloc(1, sizeof *back);
    if (am_campaign_load(back, path, &err) != CARTA_OK)
        fail_msg("%s", err.msg);
    assert_int_equal(back->n_clocks, 1);
    assert_int_equal(back->clocks[0].green, 2);
    free(back);
    unlink(path);
    inbox_clear();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_messages_change_nothing),
        cmocka_unit_test(test_a_whole_game_against_the_ai),
        cmocka_unit_test(test_a_seat_sees_only_its_own_hand),
        cmocka_unit_test(test_a_table_survives_a_restart),
        cmocka_unit_test(test_undo_against_the_ai),
        cmocka_unit_test(test_replay_a_finished_table),
        cmocka_unit_test(test_a_simulation_run),
        cmocka_unit_test(test_hidden_picks_at_once),
        cmocka_unit_test(test_finished_tables_make_room),
        cmocka_unit_test(test_gamemaster_panel),
        cmocka_unit_test(test_seats_and_decks_by_part),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
