// Our C glue to MahjongGB, the MCR reference calculator (MIT, not part of
// this repository): `oracle/src/mahjonggb.rs` compiles this file with the
// reference's own fan_calculator.cpp and shanten.cpp, found in
// ../shared/anchors/mcr/MahjongGB, into a shared library and loads it.
// It does what pymahjonggb's binding does, minus Python: our kind indices
// (0-8 W, 9-17 T, 18-26 B, 27-30 F, 31-33 J) become the library's tile
// codes, and results come back as the fan table or the useful kinds.
#include "fan_calculator.h"
#include "shanten.h"
#include <limits>
#include <stdint.h>

namespace {

using namespace mahjong;

tile_t code(uint8_t kind) {
    if (kind < 27) {
        static const suit_t suits[3] = {TILE_SUIT_CHARACTERS, TILE_SUIT_BAMBOO, TILE_SUIT_DOTS};
        return make_tile(suits[kind / 9], kind % 9 + 1);
    }
    // F1-F4 are the honors 1-4, J1-J3 (red, green, white) 5-7.
    return make_tile(TILE_SUIT_HONORS, kind - 27 + 1);
}

// The shanten functions in the binding's order of forms.
typedef int (*shanten_fn)(const tile_t *, intptr_t, useful_table_t *);
const shanten_fn FORMS[5] = {
    regular_shanten,
    seven_pairs_shanten,
    thirteen_orphans_shanten,
    honors_and_knitted_tiles_shanten,
    knitted_straight_shanten,
};

}  // namespace

extern "C" {

// One input, laid out as `CInput` in oracle/src/mahjonggb.rs.
struct mgb_input {
    uint8_t packs[5][3];  // kind (1 chow, 2 pung, 3 kong), tile, offer
    uint8_t pack_count;
    uint8_t standing[13];
    uint8_t standing_count;
    uint8_t win;
    uint8_t flowers;
    uint8_t flags;  // 1 self-drawn, 2 last copy, 4 about a kong, 8 wall last
    uint8_t seat_wind;
    uint8_t prevalent_wind;
};

int mgb_fan_table_size(void) { return FAN_TABLE_SIZE; }

// calculate_fan on `in`; `table` gets FAN_TABLE_SIZE counts. Returns the
// library's answer: the total (flowers included) or -1, -2, -3.
int mgb_fan(const mgb_input *in, uint16_t *table) {
    calculate_param_t param = {};
    param.hand_tiles.pack_count = in->pack_count;
    for (int i = 0; i < in->pack_count && i < 5; ++i)
        param.hand_tiles.fixed_packs[i] = make_pack(in->packs[i][2], in->packs[i][0], code(in->packs[i][1]));
    param.hand_tiles.tile_count = in->standing_count;
    for (int i = 0; i < in->standing_count && i < 13; ++i)
        param.hand_tiles.standing_tiles[i] = code(in->standing[i]);
    param.win_tile = code(in->win);
    param.flower_count = in->flowers;
    param.win_flag = (in->flags & 1 ? WIN_FLAG_SELF_DRAWN : 0) | (in->flags & 2 ? WIN_FLAG_LAST_TILE : 0) |
                     (in->flags & 4 ? WIN_FLAG_KONG_INVOLVED : 0) | (in->flags & 8 ? WIN_FLAG_WALL_LAST : 0);
    param.seat_wind = static_cast<wind_t>(in->seat_wind);
    param.prevalent_wind = static_cast<wind_t>(in->prevalent_wind);
    fan_table_t fans = {};
    int total = calculate_fan(&param, &fans);
    for (int i = 0; i < FAN_TABLE_SIZE; ++i) table[i] = fans[i];
    return total;
}

// Shanten of `n` standing tiles in form `form` (0 regular, 1 seven pairs,
// 2 thirteen orphans, 3 honors and knitted, 4 knitted straight); with
// `useful` (34 bytes) not null, also which kinds lower it. INT_MAX when
// the form does not take `n` tiles.
int mgb_shanten(int form, const uint8_t *standing, int n, uint8_t *useful) {
    tile_t tiles[14];
    if (n < 0 || n > 14 || form < 0 || form > 4) return std::numeric_limits<int>::max();
    for (int i = 0; i < n; ++i) tiles[i] = code(standing[i]);
    if (!useful) return FORMS[form](tiles, n, nullptr);
    useful_table_t table = {};
    int s = FORMS[form](tiles, n, &table);
    for (uint8_t k = 0; k < 34; ++k) useful[k] = table[code(k)];
    return s;
}

// MahjongShanten: the least over the five forms, no useful tiles.
int mgb_best_shanten(const uint8_t *standing, int n) {
    int best = std::numeric_limits<int>::max();
    for (int f = 0; f < 5; ++f) {
        int s = mgb_shanten(f, standing, n, nullptr);
        if (s < best) best = s;
    }
    return best;
}

}  // extern "C"
