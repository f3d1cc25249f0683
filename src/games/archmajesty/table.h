/* table.h: the Gamemaster's table tools for Archmajesty's non-combat rules (archmajesty.txt,
 * ESSENTIALS OF PLAY: Task Checks, Modifiers, Difficulty Threshold, Clocks, Catches & Costs;
 * NON-COMBAT RULES: Aspects, Circles, Lores): what a task check adds up to, whether it
 * succeeds, how it fills a clock and how a full clock ends; the characters' sheets and the
 * clocks a campaign carries (campaign.c), and the session's log of rolls, replayable from its
 * seed. Rulings: docs/rulings/archmajesty.md (R76-R79). */
#ifndef CARTA_ARCHMAJESTY_TABLE_H
#define CARTA_ARCHMAJESTY_TABLE_H

#include <stdint.h>
#include <stdio.h>

#include "core/game.h"
#include "core/rng.h"
#include "core/status.h"

enum {
    AM_TT_NAME = 48,      /* bytes of a name: a character, an Aspect, a Circle, a Lore, a clock */
    AM_TT_ASPECTS = 3,    /* "each player must establish three Aspects" */
    AM_TT_CIRCLES = 6,    /* one allegiance, one stratum, one or two miscellaneous; and spies'
                           * pretended ones */
    AM_TT_LORES = 8,      /* "starts the game with three Lore subjects" (more may be learned) */
    AM_TT_SHEETS = 16,
    AM_TT_CLOCKS = 32,
    AM_TT_SEGMENTS = 24,  /* of one clock, at most */
    AM_TT_AUTO_DT = 6,    /* "DT/6 or less ... should automatically succeed" */
    AM_TT_SESSIONS = 256,
    AM_TT_LOG = 4096,     /* entries of a campaign's log */
    AM_TT_PATH = 512      /* a mage file's path, as written or resolved */
};

/* How relevant an Aspect is to the task: +3, +6, +9 (Aspects). */
typedef enum am_relevance {
    AM_ASPECT_NONE,
    AM_ASPECT_MARGINAL,
    AM_ASPECT_FULL,
    AM_ASPECT_ESPECIAL
} am_relevance;

typedef struct am_circle {
    char name[AM_TT_NAME];
    uint8_t rebel;   /* an outward rebel of this Circle (Circles, Rebels, and Spies) */
    uint8_t pretend; /* a spy's pretended Circle, not truly the character's */
} am_circle;

/* A character's non-combat sheet. */
typedef struct am_sheet {
    char name[AM_TT_NAME];
    char aspects[AM_TT_ASPECTS][AM_TT_NAME];
    int n_circles, n_lores;
    am_circle circles[AM_TT_CIRCLES];
    char lores[AM_TT_LORES][AM_TT_NAME];
    char mage[AM_TT_PATH];   /* its mage file, as the campaign file names it (relative to the
                                campaign file's folder), or "" (R153) */
} am_sheet;

/* One Circle pairing of a social task roll: one of the roller's Circles against one of the
 * other character's. */
typedef struct am_pairing {
    int circle;      /* index into the roller's circles */
    int favourable;  /* 1: interests align (+5); 0: opposed (-5) */
    int same_circle; /* the other character has the same Circle (for a rebel's inversion) */
    int other_rebel; /* ... and is a rebel of it too */
    int convincing;  /* for a pretended Circle: the spy is convincing (else it does not pair) */
} am_pairing;

enum { AM_TT_PAIRINGS = 8 };

/* What a task check adds to its natural result. */
typedef struct am_task {
    int sheet;               /* the roller, an index of the campaign's sheets, or -1 */
    int dt;                  /* the difficulty threshold */
    am_relevance aspect;
    int aspect_index;        /* which of the sheet's Aspects, when aspect is not NONE */
    int n_pairings;
    am_pairing pairings[AM_TT_PAIRINGS];
    int knowledge;           /* a knowledge roll on a Circle's common knowledge: +5 */
    int lore;                /* a Lore invoked by the player: +10 */
    int lore_index;
    int other;               /* the Gamemaster's circumstantial modifier (utility magic, ...) */
    int clock;               /* the clock it fills, or -1 */
} am_task;

/* A task check's outcome. */
typedef struct am_check {
    int automatic;      /* DT 6 or less: no roll, a success */
    int natural, modifier, final, margin;
    int success;
    int green, red;     /* the segments it adds to its clock (Clocks), before the clock's room */
} am_check;

/* The modifier of an Aspect's relevance (Aspects: +3, +6, +9). */
int am_aspect_bonus(am_relevance r);
/* The modifier of one Circle pairing (Circles: +5 favourable, -5 opposed; a rebel's inverted
 * against a non-rebel of the same Circle, and its penalty inverted against someone opposing the
 * Circle it rebels against; 0 for an unconvincing spy's pretended Circle). */
int am_pairing_modifier(const am_sheet *sheet, const am_pairing *p);
/* The sum of a task's modifiers for the roller's sheet (may be NULL: only the GM's). */
int am_task_modifier(const am_sheet *sheet, const am_task *t);
/* Resolves a task check from its natural result (ignored when DT is 6 or less). */
am_check am_task_resolve(const am_task *t, int modifier, int natural);
/* The segments a final result fills (Clocks' table): +3/+2/+1 green at 10+/5+/1+ over the DT,
 * none at the DT, +1/+2/+3 red at 1+/5+/10+ under. */
void am_clock_segments(int margin, int *green, int *red);

typedef struct am_clock {
    char name[AM_TT_NAME];
    int segments, green, red;
    int resolved;   /* its completion was settled */
    char outcome[32];
} am_clock;

/* Completion results of a full clock (Clocks, Catches & Costs). */
typedef enum am_completion {
    AM_CLOCK_RUNNING,      /* not every segment filled */
    AM_CLOCK_SUCCESS,      /* majority green: "the players succeed" */
    AM_CLOCK_TIE,          /* equal: a tie, or success with a catch (the players choose) */
    AM_CLOCK_OPPOSITION    /* majority red: failure, or success at a cost (the players choose) */
} am_completion;

/* Fills a clock's segments, green before red, never beyond its size (R77). */
void am_clock_fill(am_clock *c, int green, int red);
am_completion am_clock_completion(const am_clock *c);
/* The outcomes the players may choose for a completion: "success" alone, or "tie" and "catch",
 * or "failure" and "cost". n: how many (0 while the clock runs). */
int am_clock_choices(am_completion c, const char *out[2]);

/* What the table did, in order: a task check rolled, a clock added, a full clock settled, an
 * item equipped or unequipped (R153, R154). */
typedef enum am_entry_kind {
    AM_ENTRY_CHECK, AM_ENTRY_CLOCK, AM_ENTRY_SETTLE, AM_ENTRY_EQUIP, AM_ENTRY_UNEQUIP
} am_entry_kind;

typedef struct am_entry {
    am_entry_kind kind;
    int session;             /* which session of the campaign, from 0 */
    am_task task;            /* CHECK */
    am_check check;          /* CHECK: its outcome */
    char name[AM_TT_NAME];   /* CLOCK: its name; SETTLE: the clock's; EQUIP, UNEQUIP: the
                                character's */
    char item[CARTA_NAME_MAX]; /* EQUIP, UNEQUIP: the item, as the card set names it */
    int segments;            /* CLOCK */
    char choice[16];         /* SETTLE */
} am_entry;

/* A campaign: the characters' sheets and the clocks as the campaign file first gave them, then
 * every session's seed and entries, replayed in order to the clocks of now. Large (the log):
 * allocate it. */
typedef struct am_campaign {
    int n_sheets, n_clocks, n_start_clocks;
    am_sheet sheets[AM_TT_SHEETS];
    am_clock clocks[AM_TT_CLOCKS];       /* now */
    am_clock start_clocks[AM_TT_CLOCKS]; /* as the campaign file first gave them */
    int n_sessions;
    uint64_t seeds[AM_TT_SESSIONS];
    carta_rng rng;           /* the current session's: every natural result comes from it */
    int n_entries;
    am_entry log[AM_TT_LOG];
    char dir[AM_TT_PATH];    /* the campaign file's folder: mage files are found from it */
    const carta_rules *rules; /* Archmajesty's card set, for equipping; NULL: not loaded (the
                                 frontend sets it after loading; not owned) */
} am_campaign;

/* Rolls a task check with the next natural result of the session (none when automatic), logs
 * it and fills its clock. Refused (nothing changed) with err saying why: no session, an unknown
 * sheet, Aspect, Circle, Lore or clock, a settled clock, a full log. */
carta_status am_table_check(am_campaign *c, const am_task *t, am_check *out, carta_error *err);
/* Settles a full clock's completion with the players' choice ("success", "tie", "catch",
 * "failure", "cost"); refused if the clock runs, is settled, or the choice is not offered. */
carta_status am_table_settle(am_campaign *c, const char *clock, const char *choice,
                             carta_error *err);
/* Adds a clock of segments (an even number, 2 to AM_TT_SEGMENTS), logged. */
carta_status am_table_new_clock(am_campaign *c, const char *name, int segments,
                                carta_error *err);
/* Moves an item of character who's mage file between its inventory and its equipment (or
 * artefacts): equip 1 into the equipment, 0 back to the inventory; the file is rewritten only
 * if the mage it then describes passes the deck-building checks (Equipment Slots, one head and
 * one body armour, one shield), and the move is logged. Refused (nothing changed) with err
 * saying why: no session, an unknown character, no mage file, no card set, an item not there,
 * a check failed (R153, R154). */
carta_status am_table_equip(am_campaign *c, const char *who, const char *item, int equip,
                            carta_error *err);
/* Starts a session with the seed of its rolls. */
carta_status am_table_session(am_campaign *c, uint64_t seed, carta_error *err);

int am_table_find_sheet(const am_campaign *c, const char *name);
int am_table_find_clock(const am_campaign *c, const char *name);

/* ---- equip.c ---- */

/* An item moved between mage file path's `inventory:` and its `equipment:` (an
 * artefact: `artefacts:`), equip 1 to equip it, 0 to unequip; item is its name or a start of
 * it in the list it leaves; moved gets its full name. The file is rewritten (only those keys'
 * lines) once the mage passes am_deck_check; else nothing changes and err says why (R153). */
carta_status am_equip(const carta_rules *r, const char *path, const char *item, int equip,
                      char *moved, size_t cap, carta_error *err);

/* ---- table_prompt.c: the command language (docs/table.md) ---- */

/* What the commands are, for 'help'. */
extern const char am_table_help[];
/* Runs one command line (changed in place) against c, telling what happened on out: 1 if the
 * campaign changed (to be saved), 0 if not (a mistake is told and changes nothing), -1 for
 * quit. */
int am_table_command(FILE *out, am_campaign *c, char *line);

/* ---- campaign.c: the campaign file (docs/table.md) ---- */

/* Reads a campaign file (YAML: sheets, clocks, sessions), replaying every session's entries and
 * checking them: each natural result must come from its session's seed and each outcome must
 * follow from the rules. On error err names the file, the line and the reason and c is
 * undefined. */
carta_status am_campaign_load(am_campaign *c, const char *path, carta_error *err);
/* Writes the campaign (sheets, the clocks as first given, every session) to path, atomically. */
carta_status am_campaign_save(const am_campaign *c, const char *path, carta_error *err);

#endif
