/* The arithmetic of the Dicht dran heuristic bot, compiled.
 *
 * The bot's decisions are defined by the Python in spieltisch/bots/dicht_dran.py: this file
 * computes exactly the same numbers, in the same order of floating-point operations, so a
 * game played with it is the same game (tests/bots/test_dicht_dran_same_play.py checks that
 * against the Python and against recorded games). It exists because a simulation of
 * heuristic games spends most of its time here.
 *
 * round_values(groups, my_card, circle, position, next_target, cards, chilis, horizon,
 *              shed, draw, draws) -> list[list[float]]
 *     DichtDranBot._round_values: ``groups`` are the cards the seat has seen (circle, hand,
 *     discard pile, collections), ``my_card`` its face-down card (0: none).
 * plan_choices(table, tie, margin) -> list[int]
 *     dicht_dran.plan_choices (``margin`` is its _MARGIN).
 * choose(<the arguments of round_values>, keep, tie, margin) -> list[int]
 *     Both in one call, the rounds weighted by ``keep`` as DichtDranBot.act does: the
 *     indices of ``cards`` the bot's coin chooses among.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>

#define LOWEST 1
#define HIGHEST 100
#define MAX_CARDS 128 /* hand cards in one decision (all 98 shuffled cards fit) */
#define MAX_ROWS 16   /* planned rounds (a full turn of the circle at most) */

/* The value of each card (column) in each planned round (row), this round first. */
typedef struct {
    int rows;
    int cards;
    double values[MAX_ROWS][MAX_CARDS];
} Table;

static int
card_at(PyObject *seq, Py_ssize_t i, long *out)
{
    long value = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
    if (value == -1 && PyErr_Occurred())
        return -1;
    *out = value;
    return 0;
}

/* Marks every card of ``group`` as seen. */
static int
mark_seen(PyObject *group, unsigned char *unseen)
{
    PyObject *fast = PySequence_Fast(group, "a group of seen cards must be a sequence");
    if (fast == NULL)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    for (Py_ssize_t i = 0; i < n; i++) {
        long card;
        if (card_at(fast, i, &card) < 0) {
            Py_DECREF(fast);
            return -1;
        }
        if (card < 0 || card > HIGHEST) {
            Py_DECREF(fast);
            PyErr_Format(PyExc_ValueError, "no card %ld in Dicht dran", card);
            return -1;
        }
        unseen[card] = 0;
    }
    Py_DECREF(fast);
    return 0;
}

/* The chili table of the last call (the same tuple every time: read once). */
static PyObject *chilis_seen = NULL;
static long chilis[HIGHEST + 1];

/* win_chances, kept per number of unseen cards for the last ``draws``: chances[t][b] is the
 * chance that none of ``draws`` random cards out of ``t`` unseen ones is one of the ``b``
 * that beat a card. */
static double chances_draws = -1.0;
static unsigned char chances_ready[HIGHEST + 1];
static double chances[HIGHEST + 1][HIGHEST + 1];

static const double *
chances_for(long total, double draws)
{
    if (draws != chances_draws) {
        memset(chances_ready, 0, sizeof(chances_ready));
        chances_draws = draws;
    }
    double *row = chances[total];
    if (!chances_ready[total]) {
        if (total == 0)
            row[0] = 1.0;
        for (long beating = 0; total && beating <= total; beating++)
            row[beating] = pow(1.0 - (double)beating / (double)total, draws);
        chances_ready[total] = 1;
    }
    return row;
}

/* The arguments of round_values, and of choose after them. */
typedef struct {
    PyObject *groups, *circle_obj, *next_obj, *cards_obj, *chilis_obj;
    long my_card, position, horizon;
    double shed, draw, draws;
    double keep, tie, margin;
} Arguments;

static int
parse_arguments(PyObject *args, Arguments *a, int with_choice)
{
    a->keep = 1.0;
    a->tie = a->margin = 0.0;
    return PyArg_ParseTuple(args, with_choice ? "O!lO!lO!OO!ldddddd" : "O!lO!lO!OO!lddd",
                            &PyTuple_Type, &a->groups, &a->my_card, &PyTuple_Type,
                            &a->circle_obj, &a->position, &PyTuple_Type, &a->next_obj,
                            &a->cards_obj, &PyTuple_Type, &a->chilis_obj, &a->horizon,
                            &a->shed, &a->draw, &a->draws, &a->keep, &a->tie, &a->margin)
               ? 0
               : -1;
}

/* Fills ``table`` with the expected chilis of each card in each planned round; -1 with an
 * exception set on bad arguments. */
static int
fill_values(const Arguments *a, Table *table)
{
    PyObject *groups = a->groups, *circle_obj = a->circle_obj, *next_obj = a->next_obj;
    PyObject *cards_obj = a->cards_obj, *chilis_obj = a->chilis_obj;
    long my_card = a->my_card, position = a->position, horizon = a->horizon;
    double shed = a->shed, draw = a->draw, draws = a->draws;
    Py_ssize_t circle_size = PyTuple_GET_SIZE(circle_obj);
    if (circle_size == 0 || circle_size > MAX_ROWS ||
        PyTuple_GET_SIZE(next_obj) != circle_size ||
        PyTuple_GET_SIZE(chilis_obj) != HIGHEST + 1 || position < 0 ||
        position >= circle_size) {
        PyErr_SetString(PyExc_ValueError, "round_values: inconsistent circle or chili table");
        return -1;
    }

    /* unseen_below: prefix[k] is how many cards below k the seat has seen nowhere */
    unsigned char unseen[HIGHEST + 1];
    unseen[0] = 0;
    for (int k = LOWEST; k <= HIGHEST; k++)
        unseen[k] = 1;
    for (Py_ssize_t g = 0; g < PyTuple_GET_SIZE(groups); g++)
        if (mark_seen(PyTuple_GET_ITEM(groups, g), unseen) < 0)
            return -1;
    if (my_card > 0 && my_card <= HIGHEST)
        unseen[my_card] = 0;
    long prefix[HIGHEST + 2];
    prefix[0] = 0;
    for (int k = 0; k <= HIGHEST; k++)
        prefix[k + 1] = prefix[k] + unseen[k];
    long total = prefix[HIGHEST + 1];

    long circle[MAX_ROWS], next_target[MAX_ROWS];
    for (Py_ssize_t i = 0; i < circle_size; i++) {
        circle[i] = PyLong_AsLong(PyTuple_GET_ITEM(circle_obj, i));
        next_target[i] = PyLong_AsLong(PyTuple_GET_ITEM(next_obj, i));
        if (circle[i] < 0 || circle[i] > HIGHEST || next_target[i] < 0 ||
            next_target[i] >= circle_size) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "round_values: bad circle or next target");
            return -1;
        }
    }
    if (chilis_obj != chilis_seen) { /* the same table every call: read it once */
        for (int k = 0; k <= HIGHEST; k++)
            chilis[k] = PyLong_AsLong(PyTuple_GET_ITEM(chilis_obj, k));
        if (PyErr_Occurred())
            return -1;
        Py_XSETREF(chilis_seen, Py_NewRef(chilis_obj));
    }

    PyObject *cards_fast = PySequence_Fast(cards_obj, "cards must be a sequence");
    if (cards_fast == NULL)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(cards_fast);
    long cards[MAX_CARDS];
    if (n == 0 || n > MAX_CARDS) {
        Py_DECREF(cards_fast);
        PyErr_SetString(PyExc_ValueError, "round_values: 1 to 128 cards");
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (card_at(cards_fast, i, &cards[i]) < 0) {
            Py_DECREF(cards_fast);
            return -1;
        }
        if (cards[i] < LOWEST || cards[i] > HIGHEST) {
            Py_DECREF(cards_fast);
            PyErr_Format(PyExc_ValueError, "no card %ld in Dicht dran", cards[i]);
            return -1;
        }
    }
    Py_DECREF(cards_fast);

    const double *win_chances = chances_for(total, draws);
    table->cards = (int)n;
    table->rows = 0;
    long start = position;
    for (;;) {
        long target = circle[position];
        long low = circle[(position + circle_size - 1) % circle_size];
        long high = circle[(position + 1) % circle_size];
        if (low > high) {
            long swap = low;
            low = high;
            high = swap;
        }
        long prize = chilis[target];
        long mirror = 2 * target;
        double *row = table->values[table->rows++];
        for (Py_ssize_t i = 0; i < n; i++) {
            long card = cards[i];
            long beating; /* the unseen cards that beat this one: closer, or as close and higher */
            if (card > target) {
                long lo = mirror - card + 1;
                beating = prefix[card] - prefix[lo > LOWEST ? lo : LOWEST];
            }
            else if (card < target) {
                long hi = mirror - card;
                beating = prefix[hi <= HIGHEST ? hi : HIGHEST + 1] - prefix[card + 1];
                if (hi <= HIGHEST && prefix[hi + 1] - prefix[hi])
                    beating += 1;
            }
            else {
                beating = 0;
            }
            double win = win_chances[beating];
            double value = win * (double)prize + shed * (double)chilis[card];
            if (card < low || card > high)
                value -= (1.0 - win) * (double)chilis[card] * draw;
            row[i] = value;
        }
        position = next_target[position];
        if (table->rows >= horizon || position == start || table->rows == MAX_ROWS)
            return 0;
    }
}

static PyObject *
round_values(PyObject *Py_UNUSED(self), PyObject *args)
{
    Arguments arguments;
    Table table;
    if (parse_arguments(args, &arguments, 0) < 0 || fill_values(&arguments, &table) < 0)
        return NULL;
    PyObject *rows = PyList_New(table.rows);
    if (rows == NULL)
        return NULL;
    for (int r = 0; r < table.rows; r++) {
        PyObject *row = PyList_New(table.cards);
        if (row == NULL) {
            Py_DECREF(rows);
            return NULL;
        }
        PyList_SET_ITEM(rows, r, row);
        for (int i = 0; i < table.cards; i++) {
            PyObject *number = PyFloat_FromDouble(table.values[r][i]);
            if (number == NULL) {
                Py_DECREF(rows);
                return NULL;
            }
            PyList_SET_ITEM(row, i, number);
        }
    }
    return rows;
}

/* -- the plan ---------------------------------------------------------------------------- */

typedef struct {
    int count;                     /* later rounds */
    int cards;                     /* cards per round */
    const double (*rows)[MAX_CARDS]; /* the table's rows after the first */
    int orders[MAX_ROWS][MAX_CARDS];  /* each row's cards, best first (ties: lower card) */
} Later;

typedef struct {
    const Later *later;
    double bound[MAX_ROWS + 1];
    unsigned char used[MAX_CARDS];
    int picks[MAX_ROWS];
    int depth;
    double best_value;
    int best_picks[MAX_ROWS];
    int found;
} Search;

/* Sorts ``order`` by ``row`` from the highest down, keeping card order among equal values
 * (Python's sorted(..., reverse=True) is stable). */
static void
sort_descending(const double *row, int n, int *order)
{
    for (int i = 0; i < n; i++) {
        int j = i;
        while (j > 0 && row[order[j - 1]] < row[i])
            j--;
        for (int k = i; k > j; k--)
            order[k] = order[k - 1];
        order[j] = i;
    }
}

static void
two_free(const int *order, int n, const unsigned char *used, int *first, int *second)
{
    *first = -1;
    *second = -1;
    for (int i = 0; i < n; i++) {
        int card = order[i];
        if (!used[card]) {
            if (*first >= 0) {
                *second = card;
                return;
            }
            *first = card;
        }
    }
}

static void
search(Search *s, int r, double total)
{
    const Later *later = s->later;
    int count = later->count;
    if (r == count) {
        if (total > s->best_value) {
            s->best_value = total;
            memcpy(s->best_picks, s->picks, sizeof(int) * (size_t)s->depth);
            s->found = s->depth;
        }
        return;
    }
    if (total + s->bound[r] <= s->best_value)
        return;
    if (r == count - 2) {
        int a1, a2, b1, b2;
        two_free(later->orders[r], later->cards, s->used, &a1, &a2);
        two_free(later->orders[r + 1], later->cards, s->used, &b1, &b2);
        const double *now = later->rows[r], *then = later->rows[r + 1];
        double value;
        int pa, pb;
        if (a1 != b1) {
            value = total + now[a1] + then[b1];
            pa = a1;
            pb = b1;
        }
        else {
            value = total + now[a1] + then[b2];
            pa = a1;
            pb = b2;
            double other = total + now[a2] + then[b1];
            if (other > value) {
                value = other;
                pa = a2;
                pb = b1;
            }
        }
        if (value > s->best_value) {
            s->best_value = value;
            memcpy(s->best_picks, s->picks, sizeof(int) * (size_t)s->depth);
            s->best_picks[s->depth] = pa;
            s->best_picks[s->depth + 1] = pb;
            s->found = s->depth + 2;
        }
        return;
    }
    const double *row = later->rows[r];
    int tried = count - r;
    for (int i = 0; i < later->cards; i++) {
        int card = later->orders[r][i];
        if (s->used[card])
            continue;
        s->used[card] = 1;
        s->picks[s->depth++] = card;
        search(s, r + 1, total + row[card]);
        s->depth--;
        s->used[card] = 0;
        if (!--tried)
            break;
    }
}

/* _best_short_plan: one or two later rounds in closed form. */
static double
best_short_plan(const Later *later, int banned, int *picks)
{
    int first[3], second[3], nf = 0, ns = 0;
    int top = later->cards < 3 ? later->cards : 3;
    for (int i = 0; i < top; i++)
        if (later->orders[0][i] != banned)
            first[nf++] = later->orders[0][i];
    if (later->count == 1) {
        picks[0] = first[0];
        return later->rows[0][first[0]];
    }
    for (int i = 0; i < top; i++)
        if (later->orders[1][i] != banned)
            second[ns++] = later->orders[1][i];
    int a = first[0], b = second[0];
    if (a != b) {
        picks[0] = a;
        picks[1] = b;
        return later->rows[0][a] + later->rows[1][b];
    }
    double keep_first = later->rows[0][a] + later->rows[1][second[1]];
    double keep_second = later->rows[0][first[1]] + later->rows[1][b];
    if (keep_first >= keep_second) {
        picks[0] = a;
        picks[1] = second[1];
        return keep_first;
    }
    picks[0] = first[1];
    picks[1] = b;
    return keep_second;
}

/* _best_plan: the best sum over the later rounds with a different card per round, not card
 * ``banned``; returns how many cards the plan uses (0: no plan beats ``floor``). */
static int
best_plan(const Later *later, int banned, double floor, double *value, int *picks)
{
    int count = later->count;
    if (count <= 2) {
        double short_value = best_short_plan(later, banned, picks);
        if (short_value > floor) {
            *value = short_value;
            return count;
        }
        *value = floor;
        return 0;
    }
    Search s;
    s.later = later;
    s.bound[count] = 0.0;
    for (int r = count - 1; r >= 0; r--) {
        const int *order = later->orders[r];
        s.bound[r] = s.bound[r + 1] + later->rows[r][order[0] == banned ? order[1] : order[0]];
    }
    if (s.bound[0] <= floor) {
        *value = floor;
        return 0;
    }
    memset(s.used, 0, sizeof(s.used));
    if (banned >= 0)
        s.used[banned] = 1;
    s.depth = 0;
    s.best_value = floor;
    s.found = 0;
    search(&s, 0, 0.0);
    *value = s.best_value;
    memcpy(picks, s.best_picks, sizeof(int) * (size_t)s.found);
    return s.found;
}

static int
read_row(PyObject *row_obj, int cards, double *row)
{
    PyObject *fast = PySequence_Fast(row_obj, "a row of the table must be a sequence");
    if (fast == NULL)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != cards) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "plan_choices: rows of different lengths");
        return -1;
    }
    for (int i = 0; i < cards; i++) {
        row[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(fast, i));
        if (row[i] == -1.0 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

static PyObject *
within(const double *scores, const unsigned char *valid, int n, double tie)
{
    double best = -INFINITY;
    int any = 0;
    for (int i = 0; i < n; i++)
        if (valid[i] && (!any || scores[i] > best)) {
            best = scores[i];
            any = 1;
        }
    PyObject *result = PyList_New(0);
    if (result == NULL)
        return NULL;
    for (int i = 0; i < n; i++) {
        if (valid[i] && scores[i] >= best - tie) {
            PyObject *index = PyLong_FromLong(i);
            if (index == NULL || PyList_Append(result, index) < 0) {
                Py_XDECREF(index);
                Py_DECREF(result);
                return NULL;
            }
            Py_DECREF(index);
        }
    }
    return result;
}

/* plan_choices on a filled table: the cards whose value now plus the best plan of the later
 * rounds without them lies within ``tie`` of the best (see the Python for the pruning). */
static PyObject *
choices_of(const Table *table, double tie, double margin)
{
    int n = table->cards;
    const double *now = table->values[0];
    double scores[MAX_CARDS];
    unsigned char valid[MAX_CARDS];
    memset(valid, 1, sizeof(valid));
    if (table->rows == 1)
        return within(now, valid, n, tie);

    Later *later = PyMem_Malloc(sizeof(Later));
    if (later == NULL)
        return PyErr_NoMemory();
    later->count = table->rows - 1;
    later->cards = n;
    later->rows = table->values + 1;
    for (int r = 0; r < later->count; r++)
        sort_descending(later->rows[r], n, later->orders[r]);
    double best;
    int chosen[MAX_ROWS], picks[MAX_ROWS];
    int used = best_plan(later, -1, -1e18, &best, chosen);
    unsigned char in_plan[MAX_CARDS];
    memset(in_plan, 0, sizeof(in_plan));
    for (int i = 0; i < used; i++)
        in_plan[chosen[i]] = 1;
    double top = -INFINITY;
    for (int card = 0; card < n; card++) {
        scores[card] = now[card] + best;
        if (!in_plan[card] && (top == -INFINITY || scores[card] > top))
            top = scores[card];
    }
    /* the planned cards, best now-value first (ties: lower card first) */
    int order[MAX_CARDS];
    sort_descending(now, n, order);
    for (int i = 0; i < n; i++) {
        int card = order[i];
        if (!in_plan[card])
            continue;
        double line = top - tie - margin;
        if (now[card] + best < line) {
            valid[card] = 0;
            continue;
        }
        double rest;
        if (!best_plan(later, card, line - now[card], &rest, picks)) {
            valid[card] = 0;
            continue;
        }
        double score = now[card] + rest;
        scores[card] = score;
        if (score > top)
            top = score;
    }
    PyMem_Free(later);
    return within(scores, valid, n, tie);
}

static PyObject *
plan_choices(PyObject *Py_UNUSED(self), PyObject *args)
{
    PyObject *table_obj;
    double tie, margin;
    if (!PyArg_ParseTuple(args, "O!dd", &PyList_Type, &table_obj, &tie, &margin))
        return NULL;
    Py_ssize_t rows = PyList_GET_SIZE(table_obj);
    if (rows == 0 || rows > MAX_ROWS) {
        PyErr_SetString(PyExc_ValueError, "plan_choices: 1 to 16 rounds");
        return NULL;
    }
    PyObject *first = PySequence_Fast(PyList_GET_ITEM(table_obj, 0), "rows must be sequences");
    if (first == NULL)
        return NULL;
    Py_ssize_t cards = PySequence_Fast_GET_SIZE(first);
    Py_DECREF(first);
    if (cards == 0 || cards > MAX_CARDS || cards < rows) {
        PyErr_SetString(PyExc_ValueError, "plan_choices: one card per round at least");
        return NULL;
    }
    Table *table = PyMem_Malloc(sizeof(Table));
    if (table == NULL)
        return PyErr_NoMemory();
    table->rows = (int)rows;
    table->cards = (int)cards;
    for (int r = 0; r < table->rows; r++) {
        if (read_row(PyList_GET_ITEM(table_obj, r), table->cards, table->values[r]) < 0) {
            PyMem_Free(table);
            return NULL;
        }
    }
    PyObject *result = choices_of(table, tie, margin);
    PyMem_Free(table);
    return result;
}

static PyObject *
choose(PyObject *Py_UNUSED(self), PyObject *args)
{
    Arguments a;
    if (parse_arguments(args, &a, 1) < 0)
        return NULL;
    Table *table = PyMem_Malloc(sizeof(Table));
    if (table == NULL)
        return PyErr_NoMemory();
    if (fill_values(&a, table) < 0) {
        PyMem_Free(table);
        return NULL;
    }
    if (table->cards < table->rows) {
        PyMem_Free(table);
        PyErr_SetString(PyExc_ValueError, "choose: one card per round at least");
        return NULL;
    }
    if (a.keep != 1.0) /* x * 1.0 == x: the weights only matter for other values */
        for (int r = 0; r < table->rows; r++) {
            double weight = pow(a.keep, (double)r);
            for (int i = 0; i < table->cards; i++)
                table->values[r][i] = table->values[r][i] * weight;
        }
    PyObject *result = choices_of(table, a.tie, a.margin);
    PyMem_Free(table);
    return result;
}

static PyMethodDef methods[] = {
    {"round_values", round_values, METH_VARARGS,
     "The expected chilis of each card in each planned round (see DichtDranBot)."},
    {"choose", choose, METH_VARARGS,
     "choose(<round_values' arguments>, keep, tie, margin): the cards the bot may play."},
    {"plan_choices", plan_choices, METH_VARARGS,
     "plan_choices(table, tie, margin): the cards whose best plan lies within tie of the best."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_dicht_dran_plan",
    "The Dicht dran heuristic bot's arithmetic, compiled (see spieltisch.bots.dicht_dran).",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__dicht_dran_plan(void)
{
    return PyModule_Create(&module);
}
