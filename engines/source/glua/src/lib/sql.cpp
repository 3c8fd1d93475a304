// sql on an embedded SQLite (Debian's libsqlite3): the database is sv.db under the DATA directory (opened on first
// use; without a data directory an in-memory database, with a warning, so nothing is written anywhere). sql.Query
// returns GMod's shapes: a table of rows (column -> text; NULL reads "NULL") when the statement gives rows, nil
// when it gives none, false on error with sql.LastError()/sql.m_strError set. sql.QueryTyped keeps SQLite's types
// (numbers as numbers, NULL as nil). The helpers GMod writes in Lua (includes/util/sql.lua: SQLStr, TableExists,
// QueryRow, QueryValue, Begin, Commit, LastError) come from the install.
#include <sqlite3.h>

#include "server_api.hpp"

namespace vestige::source::glua {

ServerApi::~ServerApi() {
    if (db) sqlite3_close(db);
}

namespace {

sqlite3* database(lua_State* L) {
    auto& a = serverApi(L);
    if (a.db || a.dbTried) return a.db;
    a.dbTried = true;
    Runtime& rt = runtimeOf(L);
    std::string path = ":memory:";
    if (rt.options().dataDir) {
        std::error_code ec;
        std::filesystem::create_directories(*rt.options().dataDir, ec);
        path = (*rt.options().dataDir / "sv.db").string();
    } else {
        warn(rt, "sql: no DATA directory, sv.db is an in-memory database for this session");
    }
    if (sqlite3_open_v2(path.c_str(), &a.db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOFOLLOW,
                        nullptr) != SQLITE_OK) {
        warn(rt, std::string("sql: cannot open ") + path + ": " + (a.db ? sqlite3_errmsg(a.db) : "out of memory"));
        sqlite3_close(a.db);
        a.db = nullptr;
    }
    return a.db;
}

void setError(lua_State* L, const char* message) {
    serverApi(L).sqlError = message;
    lua_getglobal(L, "sql");
    lua_pushstring(L, message);
    lua_setfield(L, -2, "m_strError");
    lua_pop(L, 1);
}

// SQLite's own work is charged to the call's instruction budget (one unit per VM step, counted every kProgressStep):
// past what is left of the budget the statement is interrupted, so a runaway query (WITH RECURSIVE without an end)
// ends like a runaway loop, with the budget error, once SQLite has let go of the statement.
constexpr int kProgressStep = 1000;
struct Progress {
    std::uint64_t units = 0;
    std::uint64_t limit = 0;  // 0: no budget (JIT mode)
};
int onProgress(void* p) {
    auto* g = static_cast<Progress*>(p);
    g->units += kProgressStep;
    return g->limit != 0 && g->units > g->limit ? 1 : 0;
}

// Runs every statement of `query`; rows of the last statement that returned any go into a table on the stack.
int runStatements(lua_State* L, sqlite3* db, const char* sql, std::size_t len, bool typed) {
    const char* tail = sql;
    const char* end = sql + len;
    bool haveRows = false;
    int row = 0;
    while (tail < end) {
        sqlite3_stmt* stmt = nullptr;
        if (sqlite3_prepare_v2(db, tail, static_cast<int>(end - tail), &stmt, &tail) != SQLITE_OK) {
            setError(L, sqlite3_errmsg(db));
            if (haveRows) lua_pop(L, 1);
            lua_pushboolean(L, 0);
            return 1;
        }
        if (!stmt) continue;  // blank or a comment
        int rc;
        while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
            if (!haveRows) {
                lua_newtable(L);
                haveRows = true;
            }
            lua_newtable(L);
            for (int c = 0; c < sqlite3_column_count(stmt); ++c) {
                lua_pushstring(L, sqlite3_column_name(stmt, c));
                const int type = sqlite3_column_type(stmt, c);
                if (type == SQLITE_NULL) {
                    if (typed) {
                        lua_pop(L, 1);
                        continue;
                    }
                    lua_pushliteral(L, "NULL");
                } else if (typed && (type == SQLITE_INTEGER || type == SQLITE_FLOAT)) {
                    lua_pushnumber(L, sqlite3_column_double(stmt, c));
                } else {
                    lua_pushlstring(L, reinterpret_cast<const char*>(sqlite3_column_text(stmt, c)),
                                    static_cast<std::size_t>(sqlite3_column_bytes(stmt, c)));
                }
                lua_rawset(L, -3);
            }
            lua_rawseti(L, -2, ++row);
        }
        if (rc != SQLITE_DONE) {
            setError(L, sqlite3_errmsg(db));
            sqlite3_finalize(stmt);
            if (haveRows) lua_pop(L, 1);
            lua_pushboolean(L, 0);
            return 1;
        }
        sqlite3_finalize(stmt);
    }
    if (!haveRows) return typed ? (lua_newtable(L), 1) : 0;  // QueryTyped gives an empty table, Query nil
    return 1;
}

int runQuery(lua_State* L, bool typed) {
    std::size_t len = 0;
    const char* sql = luaL_checklstring(L, 1, &len);
    sqlite3* db = database(L);
    if (!db) {
        setError(L, "database unavailable");
        lua_pushboolean(L, 0);
        return 1;
    }
    const auto& impl = implOf(L);
    const std::uint64_t budget = runtimeOf(L).options().instructionBudget;
    Progress progress{0, budget == 0 ? 0 : (impl.instructions < budget ? budget - impl.instructions : 1)};
    sqlite3_progress_handler(db, kProgressStep, onProgress, &progress);
    const int results = runStatements(L, db, sql, len, typed);
    sqlite3_progress_handler(db, 0, nullptr, nullptr);
    charge(L, progress.units);  // raises the budget error when the handler interrupted the query
    return results;
}

int sqlQuery(lua_State* L) { return runQuery(L, false); }
int sqlQueryTyped(lua_State* L) { return runQuery(L, true); }

}  // namespace

void openSql(Runtime& /*rt*/, lua_State* L) {
    lua_newtable(L);
    lua_pushcfunction(L, sqlQuery);
    lua_setfield(L, -2, "Query");
    lua_pushcfunction(L, sqlQueryTyped);
    lua_setfield(L, -2, "QueryTyped");
    lua_setglobal(L, "sql");
}

}  // namespace vestige::source::glua
