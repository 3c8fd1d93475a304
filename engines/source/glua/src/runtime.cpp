// Runtime: the lua_State, allocator ceiling, instruction budget, protected calls, include(),
// gamemode loading and the tick driver.
#include "vestige/source/glua/runtime.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "internal.hpp"
#include "vestige/core/log.hpp"
#include "vestige/core/text.hpp"
#include "vestige/source/glua/translator.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::source::glua {
namespace {

constexpr int kHookGranularity = 1000;  // VM instructions between budget checks
constexpr const char* kHookCountsKey = "vestige.hookCounts";
constexpr const char* kHookEngineKey = "vestige.hookEngine";  // our hook.lua <-> the engine, unlinked at boot

// "file:line: message" -> parts; the first ":<digits>: " wins (file names may contain ':').
LuaError parseMessage(std::string text) {
    LuaError e;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != ':') continue;
        std::size_t j = i + 1;
        while (j < text.size() && text[j] >= '0' && text[j] <= '9') ++j;
        if (j > i + 1 && j + 1 < text.size() + 1 && j < text.size() && text[j] == ':') {
            e.file = text.substr(0, i);
            e.line = std::atoi(text.substr(i + 1, j - i - 1).c_str());
            std::size_t k = j + 1;
            if (k < text.size() && text[k] == ' ') ++k;
            e.message = text.substr(k);
            return e;
        }
    }
    e.message = std::move(text);
    return e;
}

// Message handler: returns {message, traceback}.
int messageHandler(lua_State* L) {
    if (!lua_isstring(L, 1)) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_isstring(L, -1)) {
            lua_replace(L, 1);
        } else {
            lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
            lua_replace(L, 1);
        }
    }
    lua_settop(L, 1);
    lua_createtable(L, 2, 0);
    lua_pushvalue(L, 1);
    lua_rawseti(L, -2, 1);
    luaL_traceback(L, L, nullptr, 1);
    lua_rawseti(L, -2, 2);
    return 1;
}

void recordHookError(Runtime& rt, const char* msg, const char* traceback) {
    LuaError e = parseMessage(msg ? msg : "?");
    e.traceback = traceback ? traceback : "";
    rt.impl().hookErrorSeen = true;
    rt.recordError(std::move(e));
}

// Message handler of the engine's hook dispatch (callHook's errfunc): records the error with its traceback where
// it happened, as protectedCallAt does with messageHandler's pair, and returns nothing (callHook drops it).
int recordingHandler(lua_State* L) {
    messageHandler(L);  // leaves {message, traceback} on top
    lua_rawgeti(L, -1, 1);
    lua_rawgeti(L, -2, 2);
    recordHookError(Runtime::from(L), lua_tostring(L, -2), lua_tostring(L, -1));
    return 0;
}

// pcall/xpcall replacements: once the budget is spent, a script's own pcall cannot swallow it.
int budgetPcall(lua_State* L) {
    luaL_checkany(L, 1);
    const int status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
    if (status != 0 && Runtime::from(L).budgetExceeded()) return lua_error(L);
    lua_pushboolean(L, status == 0);
    lua_insert(L, 1);
    return lua_gettop(L);
}

int budgetXpcall(lua_State* L) {
    luaL_checkany(L, 2);
    const int n = lua_gettop(L);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_replace(L, 1);
    lua_replace(L, 2);  // [handler, f, args...]
    const int status = lua_pcall(L, n - 2, LUA_MULTRET, 1);
    if (status != 0 && Runtime::from(L).budgetExceeded()) return lua_error(L);
    lua_pushboolean(L, status == 0);
    lua_replace(L, 1);
    return lua_gettop(L);
}

std::uint64_t nameHead(std::string_view name) {
    std::uint64_t head = 0;
    if (name.size() >= sizeof head) std::memcpy(&head, name.data(), sizeof head);  // one load
    else std::memcpy(&head, name.data(), name.size());
    return head;
}

// Slot of an engine event name in the cache (its Lua string kept as a registry ref), or -1 once it is full.
// An open-addressed index keyed by size and first 8 bytes finds the one candidate (a scan of every cached
// name showed up in profiles); the rest of its text is compared in line (a memcmp call costs more).
std::size_t eventHash(std::uint64_t head, std::size_t size) {
    return static_cast<std::size_t>(((head ^ size) * 0x9E3779B97F4A7C15ull) >> 57);  // 0..127
}

// Bytes 8..size of two names of the same size > 8, in 8-byte words (the last one overlaps): a memcmp call cost
// a third of the lookup in profiles.
inline bool sameTail(const char* a, const char* b, std::size_t size) {
    std::uint64_t x = 0, y = 0;
    for (std::size_t i = 8; i + 8 < size; i += 8) {
        std::memcpy(&x, a + i, 8);
        std::memcpy(&y, b + i, 8);
        if (x != y) return false;
    }
    std::memcpy(&x, a + size - 8, 8);
    std::memcpy(&y, b + size - 8, 8);
    return x == y;
}

// A new name: cached while there is room (out of line, it runs once per name).
[[gnu::noinline, gnu::cold]] int addEventName(Runtime::Impl& impl, lua_State* L, std::string_view name,
                                              std::uint64_t head, std::size_t h) {
    auto& cache = impl.eventNames;
    if (cache.size() >= 64) return -1;  // the index stays at most half full, so probes end on an empty entry
    lua_pushlstring(L, name.data(), name.size());
    cache.push_back({head, std::string(name), luaL_ref(L, LUA_REGISTRYINDEX), LUA_NOREF});
    impl.eventIndex[h] = {head, static_cast<std::uint32_t>(name.size()), static_cast<std::int32_t>(cache.size() - 1)};
    return static_cast<int>(cache.size() - 1);
}

inline int eventSlot(Runtime::Impl& impl, lua_State* L, std::string_view name) {
    const auto& index = impl.eventIndex;
    const std::uint64_t head = nameHead(name);
    std::size_t h = eventHash(head, name.size());
    for (;; h = (h + 1) & (index.size() - 1)) {
        const auto& k = index[h];
        if (k.slot < 0) break;
        if (k.head != head || k.size != name.size()) continue;
        if (name.size() <= sizeof head ||
            sameTail(impl.eventNames[static_cast<std::size_t>(k.slot)].text.data(), name.data(), name.size()))
            return k.slot;
    }
    return addEventName(impl, L, name, head, h);
}

}  // namespace

std::string LuaError::render() const {
    if (file.empty()) return message;
    return fmt::format("{}:{}: {}", file, line, message);
}

Runtime::Runtime(Options options) : mOptions(std::move(options)), mImpl(std::make_unique<Impl>()) {}

Runtime::~Runtime() {
    if (mL) lua_close(mL);
}

Runtime& Runtime::from(lua_State* L) {
    void* ud = nullptr;
    lua_getallocf(L, &ud);
    return *static_cast<Runtime*>(ud);
}

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kCacheBlocks = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kCacheBlocks = false;
#else
constexpr bool kCacheBlocks = true;
#endif
#else
constexpr bool kCacheBlocks = true;
#endif

SmallBlocks::~SmallBlocks() {
    for (void*& head : heads) {
        while (head) {
            void* next = *static_cast<void**>(head);
            std::free(head);
            head = next;
        }
    }
}

void* SmallBlocks::take(std::size_t n) {
    const std::size_t c = classOf(n);
    if (void* p = heads[c]; p && kCacheBlocks) {
        heads[c] = *static_cast<void**>(p);
        return p;
    }
    return std::malloc((c + 1) * kGranule);
}

void SmallBlocks::give(void* p, std::size_t n) {
    if (!kCacheBlocks) {
        std::free(p);
        return;
    }
    const std::size_t c = classOf(n);
    *static_cast<void**>(p) = heads[c];
    heads[c] = p;
}

void* Runtime::allocate(void* ud, void* ptr, std::size_t oldSize, std::size_t newSize) {
    auto* rt = static_cast<Runtime*>(ud);
    SmallBlocks& blocks = rt->mImpl->blocks;
    if (ptr == nullptr) oldSize = 0;
    if (newSize == 0) {
        if (ptr) {
            if (SmallBlocks::small(oldSize)) blocks.give(ptr, oldSize);
            else std::free(ptr);
        }
        rt->mMemUsed -= oldSize;
        return nullptr;
    }
    if (rt->mOptions.memoryLimit != 0 && newSize > oldSize &&
        rt->mMemUsed - oldSize + newSize > rt->mOptions.memoryLimit)
        return nullptr;  // LuaJIT raises "not enough memory"
    void* p = nullptr;
    const bool wasSmall = SmallBlocks::small(oldSize), isSmall = SmallBlocks::small(newSize);
    if (!ptr) {
        p = isSmall ? blocks.take(newSize) : std::malloc(newSize);
    } else if (wasSmall && isSmall && SmallBlocks::classOf(oldSize) == SmallBlocks::classOf(newSize)) {
        p = ptr;
    } else if (!wasSmall && !isSmall) {
        p = std::realloc(ptr, newSize);
    } else {
        p = isSmall ? blocks.take(newSize) : std::malloc(newSize);
        if (p) {
            std::memcpy(p, ptr, oldSize < newSize ? oldSize : newSize);
            if (wasSmall) blocks.give(ptr, oldSize);
            else std::free(ptr);
        }
    }
    if (p) rt->mMemUsed = rt->mMemUsed - oldSize + newSize;
    return p;
}

void Runtime::countHookFn(lua_State* L, lua_Debug* /*ar*/) {
    Runtime& rt = from(L);
    rt.mInstructions += kHookGranularity;
    if (rt.mOptions.instructionBudget == 0 || rt.mInstructions <= rt.mOptions.instructionBudget) return;
    rt.mBudgetHit = true;
    char budget[32];
    std::snprintf(budget, sizeof budget, "%llu", static_cast<unsigned long long>(rt.mOptions.instructionBudget));
    lua_Debug d;
    if (lua_getstack(L, 0, &d) && lua_getinfo(L, "Sl", &d) && d.currentline > 0)
        lua_pushfstring(L, "%s:%d: instruction budget exceeded (%s instructions)", d.short_src, d.currentline, budget);
    else
        lua_pushfstring(L, "instruction budget exceeded (%s instructions)", budget);
    lua_error(L);
}

Result<std::unique_ptr<Runtime>> Runtime::create(Options options) {
    std::unique_ptr<Runtime> rt(new Runtime(std::move(options)));
    if (rt->mOptions.tickRate <= 0 || !std::isfinite(rt->mOptions.tickRate))
        return Error("glua.tick_rate", "tick rate must be a positive number").field("tickRate");
    lua_State* L = lua_newstate(&Runtime::allocate, rt.get());
    if (!L) return Error("glua.state", "cannot create a LuaJIT state");
    rt->mL = L;
    auto& impl = *rt->mImpl;
    luaL_openlibs(L);
    if (rt->mOptions.instructionBudget > 0) {
        // Compiled traces never run count hooks, so a budget needs the interpreter.
        luaJIT_setmode(L, 0, LUAJIT_MODE_ENGINE | LUAJIT_MODE_OFF);
        lua_sethook(L, &Runtime::countHookFn, LUA_MASKCOUNT, kHookGranularity);
    }
    lua_pushcfunction(L, messageHandler);
    impl.tracebackRef = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, kHookCountsKey);
    if (!rt->mOptions.gmodDir) {  // install mode: GMod's hook.lua, the engine calls its hook.Call
        lua_pushcfunction(L, recordingHandler);
        impl.hookHandlerRef = luaL_ref(L, LUA_REGISTRYINDEX);
        lua_newtable(L);
        lua_pushboolean(L, 1);
        lua_setfield(L, -2, "engine");
        lua_setfield(L, LUA_REGISTRYINDEX, kHookEngineKey);
    }

    // Roots: addons first, then the install; the embedded library last in standalone mode.
    for (const auto& d : rt->mOptions.addonDirs) impl.roots.push_back(d);
    if (rt->mOptions.gmodDir) {
        impl.roots.push_back(*rt->mOptions.gmodDir);
        impl.useEmbedded = false;
        std::error_code ec;
        std::vector<std::filesystem::path> legacy;
        for (std::filesystem::directory_iterator it(*rt->mOptions.gmodDir / "addons", ec), end; !ec && it != end;
             it.increment(ec))
            if (it->is_directory(ec)) legacy.push_back(it->path());
        std::sort(legacy.begin(), legacy.end());
        for (auto& p : legacy) impl.roots.push_back(p);
    }

    // JIT mode (no budget) represents Vector/Angle as ffi structs; the interpreter keeps userdata (see internal.hpp).
    impl.ffiTypes = rt->mOptions.instructionBudget == 0;
    openEntities(*rt, L);
    if (impl.ffiTypes) {
        if (!openFastPath(*rt, L))
            return Error("glua.state", "cannot install Vector/Angle: " + rt->mErrors.back().render());
    } else {
        openTypes(*rt, L);
    }
    openLibs(*rt, L);
    openFile(*rt, L);
    installDebugGuards(L);
    if (rt->mOptions.instructionBudget > 0) {  // without a budget LuaJIT's own pcall stays (the JIT compiles it)
        lua_pushcfunction(L, budgetPcall);
        lua_setglobal(L, "pcall");
        lua_pushcfunction(L, budgetXpcall);
        lua_setglobal(L, "xpcall");
    }
    rt->mThinkEvent = rt->hookId("Think");
    rt->mTickEvent = rt->hookId("Tick");
    rt->resetStack();
    return rt;
}

void Runtime::recordError(LuaError e) {
    log::error("glua", "{}", e.render());
    mErrors.push_back(std::move(e));
}

void Runtime::warn(std::string_view message) {
    ++mWarnings;
    log::warn("glua", "{}", message);
}

void Runtime::print(std::string_view text) {
    if (mOptions.output) {
        mOptions.output(text);
    } else {
        std::fwrite(text.data(), 1, text.size(), stdout);
    }
}

void Runtime::countHook(std::string_view name) { ++mHookCounts[std::string(name)]; }

bool Runtime::protectedCall(int nargs, int nresults) {
    lua_State* L = mL;
    const int fnIndex = lua_gettop(L) - nargs;
    lua_rawgeti(L, LUA_REGISTRYINDEX, mImpl->tracebackRef);
    lua_insert(L, fnIndex);
    const bool ok = protectedCallAt(fnIndex, nargs, nresults);
    lua_remove(L, fnIndex);
    return ok;
}

// The message handler is already at handlerIndex, below the function; it stays there (the caller pops it).
// The engine's per-event path uses this directly: lua_insert/lua_remove are memmove calls in LuaJIT.
bool Runtime::protectedCallAt(int handlerIndex, int nargs, int nresults) {
    lua_State* L = mL;
    if (mCallDepth == 0) {
        mInstructions = 0;
        mBudgetHit = false;
    }
    ++mCallDepth;
    const int status = lua_pcall(L, nargs, nresults, handlerIndex);
    --mCallDepth;
    if (status == 0) return true;
    LuaError e;
    if (lua_istable(L, -1)) {
        lua_rawgeti(L, -1, 1);
        const char* msg = lua_tostring(L, -1);
        e = parseMessage(msg ? msg : "?");
        lua_pop(L, 1);
        lua_rawgeti(L, -1, 2);
        const char* tb = lua_tostring(L, -1);
        e.traceback = tb ? tb : "";
        lua_pop(L, 1);
    } else {
        const char* msg = lua_tostring(L, -1);
        e = parseMessage(msg ? msg : "(error object is not a string)");
    }
    lua_pop(L, 1);  // the error object
    if (status == LUA_ERRMEM) lua_gc(L, LUA_GCCOLLECT, 0);
    if (mCallDepth == 0) mBudgetHit = false;
    recordError(std::move(e));
    return false;
}

// Three sources: the install mode's C++ counts, hook.lua's table (hook.Call, hook.Run, _VestigeEngineCall) and the
// engine's bound dispatches. A bound dispatch that meets an addon's hook.Call replacement takes its count back in
// hook.lua (-1) since the replacement reaches our hook.Call only if it calls it, so the sum is signed.
std::map<std::string, std::uint64_t> Runtime::hookCounts() const {
    std::map<std::string, std::int64_t> sum;
    for (const auto& [name, n] : mHookCounts) sum[name] += static_cast<std::int64_t>(n);
    for (const auto& e : mImpl->eventNames)
        if (e.count > 0) sum[e.text] += static_cast<std::int64_t>(e.count);
    lua_getfield(mL, LUA_REGISTRYINDEX, kHookCountsKey);
    if (lua_istable(mL, -1)) {
        lua_pushnil(mL);
        while (lua_next(mL, -2)) {
            if (lua_type(mL, -2) == LUA_TSTRING && lua_type(mL, -1) == LUA_TNUMBER)
                sum[lua_tostring(mL, -2)] += static_cast<std::int64_t>(lua_tonumber(mL, -1));
            lua_pop(mL, 1);
        }
    }
    lua_pop(mL, 1);
    std::map<std::string, std::uint64_t> out;
    for (const auto& [name, n] : sum)
        if (n > 0) out[name] = static_cast<std::uint64_t>(n);
    return out;
}

// ---- loading ----

bool loadIncludeChunk(Runtime& rt, lua_State* L, const std::string& path, const std::string& currentFile) {
    std::vector<std::string> candidates;
    if (!currentFile.empty()) {
        const auto slash = currentFile.rfind('/');
        candidates.push_back(slash == std::string::npos ? path : currentFile.substr(0, slash + 1) + path);
    }
    candidates.push_back("lua/" + path);
    candidates.push_back("gamemodes/" + path);
    candidates.push_back(path);
    for (const auto& c : candidates) {
        if (!vfs::splitPath(c).ok()) continue;
        auto found = findGameFile(rt, c);
        if (!found) continue;
        const std::string code = translate(found->data);
        const std::string chunk = "@" + found->virtualPath;
        if (luaL_loadbufferx(L, code.data(), code.size(), chunk.c_str(), "t") != 0) {
            const char* msg = lua_tostring(L, -1);
            LuaError e = parseMessage(msg ? msg : "syntax error");
            lua_pop(L, 1);
            rt.recordError(std::move(e));
            return false;
        }
        rt.noteFileLoaded(found->virtualPath);
        return true;
    }
    LuaError e;
    e.file = currentFile;
    e.message = fmt::format("Couldn't include file '{}' - File not found", path);
    rt.recordError(std::move(e));
    return false;
}

Status Runtime::runString(std::string_view code, std::string_view chunkName) {
    const std::string lua = translate(code);
    const std::string chunk = "@" + std::string(chunkName);
    if (luaL_loadbufferx(mL, lua.data(), lua.size(), chunk.c_str(), "t") != 0) {
        const char* msg = lua_tostring(mL, -1);
        LuaError e = parseMessage(msg ? msg : "syntax error");
        lua_pop(mL, 1);
        Error err("glua.syntax", e.render());
        recordError(std::move(e));
        return err;
    }
    if (!protectedCall(0, 0)) return Error("glua.runtime", mErrors.back().render());
    return {};
}

Result<std::string> Runtime::eval(std::string_view code, std::string_view chunkName) {
    const int top = lua_gettop(mL);
    std::string lua = translate(code);
    const std::string chunk = "=" + std::string(chunkName);
    // Expressions first ("return <code>"), statements otherwise, as interactive Lua does.
    std::string asExpr = "return " + lua;
    if (luaL_loadbufferx(mL, asExpr.data(), asExpr.size(), chunk.c_str(), "t") != 0) {
        lua_pop(mL, 1);
        if (luaL_loadbufferx(mL, lua.data(), lua.size(), chunk.c_str(), "t") != 0) {
            const char* msg = lua_tostring(mL, -1);
            LuaError e = parseMessage(msg ? msg : "syntax error");
            lua_pop(mL, 1);
            Error err("glua.syntax", e.render());
            recordError(std::move(e));
            return err;
        }
    }
    if (!protectedCall(0, LUA_MULTRET)) return Error("glua.runtime", mErrors.back().render());
    std::string out;
    for (int i = top + 1; i <= lua_gettop(mL); ++i) {
        if (i > top + 1) out += '\t';
        lua_getglobal(mL, "tostring");
        lua_pushvalue(mL, i);
        lua_call(mL, 1, 1);  // tostring never errors on our types
        const char* s = lua_tostring(mL, -1);
        out += s ? s : "?";
        lua_pop(mL, 1);
    }
    lua_settop(mL, top);
    return out;
}

Status Runtime::runHostFile(const std::filesystem::path& path) {
    std::FILE* f = std::fopen(path.string().c_str(), "rb");
    if (!f) {
        recordError({path.filename().string(), 0, "cannot open file", ""});
        return Error("glua.open", "cannot open file").file(path.string());
    }
    std::string data;
    char buf[65536];
    std::size_t n = 0;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) data.append(buf, n);
    std::fclose(f);
    noteFileLoaded(path.filename().string());
    return runString(data, path.filename().string());
}

bool loadGamemode(Runtime& rt, const std::string& name) {
    lua_State* L = rt.state();
    auto& impl = rt.impl();
    // Already registered?
    lua_getglobal(L, "gamemode");
    if (lua_istable(L, -1)) {
        lua_getfield(L, -1, "Get");
        lua_pushstring(L, name.c_str());
        if (rt.protectedCall(1, 1)) {
            const bool have = !lua_isnil(L, -1);
            lua_pop(L, 2);
            if (have) return true;
        } else {
            lua_pop(L, 1);
        }
    } else {
        lua_pop(L, 1);
    }
    const std::string initPath = "gamemodes/" + name + "/gamemode/init.lua";
    if (std::find(impl.gamemodeLoading.begin(), impl.gamemodeLoading.end(), name) != impl.gamemodeLoading.end()) {
        rt.recordError({initPath, 0, fmt::format("gamemode '{}' derives from itself", name), ""});
        return false;
    }
    if (!findGameFile(rt, initPath)) {
        rt.recordError({"", 0, fmt::format("gamemode '{}' not found ({} is missing)", name, initPath), ""});
        return false;
    }
    // gamemodes/<name>/<name>.txt may declare "base" "<gamemode>": GMod loads that base first.
    if (auto txt = findGameFile(rt, "gamemodes/" + name + "/" + name + ".txt")) {
        const std::string& kv = txt->data;
        const auto brace = kv.find('{');  // skip the root key, which is the gamemode's own name
        const auto key = brace == std::string::npos ? brace : asciiLower(kv).find("\"base\"", brace);
        if (key != std::string::npos) {
            const auto open = kv.find('"', key + 6);
            const auto close = open == std::string::npos ? open : kv.find('"', open + 1);
            if (close != std::string::npos && close > open + 1) {
                const std::string base = kv.substr(open + 1, close - open - 1);
                if (base != name && vfs::splitPath(base).ok()) {
                    impl.gamemodeBase[name] = base;
                    impl.gamemodeLoading.push_back(name);
                    (void)loadGamemode(rt, base);
                    impl.gamemodeLoading.pop_back();
                }
            }
        }
    }
    lua_getglobal(L, "GM");
    const int savedRef = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_newtable(L);
    lua_pushstring(L, name.c_str());
    lua_setfield(L, -2, "FolderName");
    lua_pushstring(L, ("gamemodes/" + name).c_str());
    lua_setfield(L, -2, "Folder");
    lua_pushstring(L, name.c_str());
    lua_setfield(L, -2, "Name");
    lua_pushstring(L, ("gamemode_" + name).c_str());
    lua_setfield(L, -2, "ThisClass");
    lua_setglobal(L, "GM");
    impl.gamemodeLoading.push_back(name);
    bool ok = false;
    if (loadIncludeChunk(rt, L, initPath, "")) ok = rt.protectedCall(0, 0);
    impl.gamemodeLoading.pop_back();
    // gamemode.Register(GM, name, base)
    lua_getglobal(L, "gamemode");
    if (lua_istable(L, -1)) {
        lua_getfield(L, -1, "Register");
        lua_remove(L, -2);
        lua_getglobal(L, "GM");
        lua_pushstring(L, name.c_str());
        auto base = impl.gamemodeBase.find(name);
        if (base != impl.gamemodeBase.end()) lua_pushstring(L, base->second.c_str());
        else lua_pushnil(L);
        ok = rt.protectedCall(3, 0) && ok;
    } else {
        lua_pop(L, 1);
        rt.recordError({"", 0, "gamemode library missing: cannot register gamemode '" + name + "'", ""});
        ok = false;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, savedRef);
    lua_setglobal(L, "GM");
    luaL_unref(L, LUA_REGISTRYINDEX, savedRef);
    return ok;
}

// ---- boot and ticks ----

Status Runtime::boot() {
    if (mBooted) return {};
    mBooted = true;
    lua_State* L = mL;
    // Native stand-ins written in Lua (embedded): console variables always, stub libraries for GMod's own includes.
    for (const char* path : {"lua/vestige/convars.lua", "lua/vestige/gmod_natives.lua"}) {
        if (!mOptions.gmodDir && std::string_view(path) == "lua/vestige/gmod_natives.lua") continue;
        for (std::size_t i = 0; i < kEmbeddedLuaCount; ++i) {
            if (std::string_view(kEmbeddedLua[i].path) != path) continue;
            const std::string chunk = "@" + std::string(kEmbeddedLua[i].path);
            if (luaL_loadbuffer(L, reinterpret_cast<const char*>(kEmbeddedLua[i].data), kEmbeddedLua[i].size,
                                chunk.c_str()) == 0)
                (void)protectedCall(0, 0);
            else
                lua_pop(L, 1);
        }
    }
    if (!loadIncludeChunk(*this, L, "includes/init.lua", "")) return Error("glua.base", mErrors.back().render());
    if (!protectedCall(0, 0)) return Error("glua.base", mErrors.back().render());
    // Our hook.lua left bind() in the engine table; keep it and unlink the table from the registry (scripts
    // reach the registry by name through debug.getregistry()).
    lua_getfield(L, LUA_REGISTRYINDEX, kHookEngineKey);
    if (lua_istable(L, -1)) {
        lua_getfield(L, -1, "bind");
        if (lua_isfunction(L, -1)) mImpl->hookBindRef = luaL_ref(L, LUA_REGISTRYINDEX);
        else lua_pop(L, 1);
        lua_pushnil(L);
        lua_setfield(L, LUA_REGISTRYINDEX, kHookEngineKey);
    }
    lua_pop(L, 1);
    for (const char* dir : {"lua/autorun", "lua/autorun/server"}) {
        for (const auto& file : findGameFiles(*this, dir, ".lua")) {
            if (loadIncludeChunk(*this, L, std::string(dir) + "/" + file, "")) (void)protectedCall(0, 0);
        }
    }
    for (const auto& script : mOptions.scripts) (void)runHostFile(script);
    if (loadGamemode(*this, mOptions.gamemode)) {
        lua_getglobal(L, "gamemode");
        if (lua_istable(L, -1)) {
            lua_getfield(L, -1, "Get");
            lua_pushstring(L, mOptions.gamemode.c_str());
            if (protectedCall(1, 1)) lua_setglobal(L, "GAMEMODE");
        }
        lua_pop(L, 1);
    }
    loadScriptedEntities();
    callHook("PostGamemodeLoaded");
    callHook("Initialize");
    for (const auto& me : mOptions.mapEntities) {
        const int idx = createEntity(*this, me.className);
        auto& e = mEntities[static_cast<std::size_t>(idx)];
        e.model = me.model;
        e.name = me.targetName;
        if (isFinite(me.origin)) e.pos = me.origin;
        if (isFinite(me.angles)) e.angles = me.angles;
    }
    callHook("InitPostEntity");
    return {};
}

// lua/entities/*.lua and gamemodes/<chain>/entities/entities/*.lua, each run with a fresh ENT and then
// scripted_ents.Register(ENT, class) when the scripted_ents module exists (GMod's own, in install mode).
void Runtime::loadScriptedEntities() {
    lua_State* L = mL;
    lua_getglobal(L, "scripted_ents");
    const bool have = lua_istable(L, -1);
    lua_pop(L, 1);
    if (!have) return;
    std::vector<std::string> dirs{"lua/entities"};
    std::vector<std::string> chain;
    for (std::string gm = mOptions.gamemode; !gm.empty() && chain.size() < 16;) {
        chain.push_back(gm);
        auto it = mImpl->gamemodeBase.find(gm);
        gm = it == mImpl->gamemodeBase.end() ? std::string() : it->second;
    }
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) dirs.push_back("gamemodes/" + *it + "/entities/entities");
    for (const auto& dir : dirs) {
        for (const auto& file : findGameFiles(*this, dir, ".lua")) {
            const std::string cls = asciiLower(file.substr(0, file.size() - 4));
            lua_newtable(L);
            lua_pushstring(L, cls.c_str());
            lua_setfield(L, -2, "ClassName");
            lua_pushstring(L, ("entities/" + cls).c_str());
            lua_setfield(L, -2, "Folder");
            lua_setglobal(L, "ENT");
            if (loadIncludeChunk(*this, L, dir + "/" + file, "") && protectedCall(0, 0)) {
                lua_getglobal(L, "scripted_ents");
                lua_getfield(L, -1, "Register");
                lua_remove(L, -2);
                lua_getglobal(L, "ENT");
                lua_pushstring(L, cls.c_str());
                (void)protectedCall(2, 0);
            }
            lua_pushnil(L);
            lua_setglobal(L, "ENT");
        }
    }
}

// Engine events are a handful of names called every tick: their Lua strings are kept (registry refs), which
// saves interning the name on every call.
void Runtime::pushEventName(std::string_view name) {
    const int slot = eventSlot(*mImpl, mL, name);
    if (slot >= 0) lua_rawgeti(mL, LUA_REGISTRYINDEX, mImpl->eventNames[static_cast<std::size_t>(slot)].ref);
    else lua_pushlstring(mL, name.data(), name.size());
}

namespace {

// hook.lua's set(fn) for one engine event (its cache slot is the upvalue): the closure the engine calls from now on.
int setBoundEvent(lua_State* L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    auto& impl = Runtime::from(L).impl();
    const auto slot = static_cast<std::size_t>(lua_tointeger(L, lua_upvalueindex(1)));
    auto& event = impl.eventNames[slot];
    if (event.bound != LUA_NOREF && event.bound != LUA_REFNIL) luaL_unref(L, LUA_REGISTRYINDEX, event.bound);
    lua_settop(L, 1);
    event.bound = luaL_ref(L, LUA_REGISTRYINDEX);
    return 0;
}

// Binds a standalone-mode event on its first call: hook.lua's bind(event, set) calls set with the event's closure
// now and again whenever the event's hooks change. LUA_REFNIL: bind failed, the event goes through hook.Call.
[[gnu::noinline, gnu::cold]] void bindEvent(Runtime& rt, lua_State* L, Runtime::Impl& impl, std::size_t slot) {
    const int top = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl.hookBindRef);
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl.eventNames[slot].ref);
    lua_pushinteger(L, static_cast<lua_Integer>(slot));
    lua_pushcclosure(L, setBoundEvent, 1);
    if (!rt.protectedCall(2, 0) || impl.eventNames[slot].bound == LUA_NOREF) {
        if (impl.eventNames[slot].bound >= 0) luaL_unref(L, LUA_REGISTRYINDEX, impl.eventNames[slot].bound);
        impl.eventNames[slot].bound = LUA_REFNIL;
    }
    lua_settop(L, top);
}

}  // namespace

HookId Runtime::hookId(std::string_view name) {
    HookId id;
    id.mName = std::string(name);
    id.mSlot = eventSlot(*mImpl, mL, name);
    return id;
}

void Runtime::callHook(std::string_view name) {
    dispatchEvent(mImpl->hookBindRef != LUA_NOREF ? eventSlot(*mImpl, mL, name) : -1, name);
}

// The per-tick path, kept to the bone: at the engine's level, with the stack as the runtime left it (slot 1 = the
// message handler, see resetStack) and the event bound, it is one lua_gettop, one lua_rawgeti and one lua_pcall.
// Between engine calls the budget flag and hookErrorSeen are false (each call resets them on its way out).
void Runtime::callHook(const HookId& id) {
    if (static_cast<std::size_t>(id.mSlot) >= mImpl->eventNames.size()) return callHook(std::string_view(id.mName));
    if (id.mSlot >= 0 && mCallDepth == 0) {
        auto& event = mImpl->eventNames[static_cast<std::size_t>(id.mSlot)];
        lua_State* L = mL;
        if (event.bound >= 0 && lua_gettop(L) == 1) [[likely]] {
            ++event.count;
            mInstructions = 0;
            lua_rawgeti(L, LUA_REGISTRYINDEX, event.bound);
            mCallDepth = 1;
            const int status = lua_pcall(L, 0, 0, 1);
            mCallDepth = 0;
            if (status != 0) [[unlikely]] failedDispatch(status);
            mBudgetHit = false;
            mImpl->hookErrorSeen = false;
            return;
        }
    }
    dispatchEvent(id.mSlot, id.mName);
}

// Between engine calls (call depth 0) stack slot 1 holds the dispatch's message handler, so an engine event
// passes it to lua_pcall without pushing and popping it (two C API calls, ≈ 6 ns of a ≈ 14 ns call). Code using
// state() may empty the stack (tests do): the dispatch puts the handler back.
void Runtime::resetStack() {
    lua_State* L = mL;
    if (mImpl->hookHandlerRef == LUA_NOREF) {
        lua_settop(L, 0);
        return;
    }
    if (lua_gettop(L) >= 1 && lua_tocfunction(L, 1) == recordingHandler) {
        lua_settop(L, 1);
    } else {
        lua_settop(L, 0);
        lua_rawgeti(L, LUA_REGISTRYINDEX, mImpl->hookHandlerRef);
    }
}

// The error object of a failed dispatch is on top. The handler records errors itself; this one got past it (out of
// memory, an error in the handler, or embedding code replaced slot 1 against state()'s contract: the error is kept,
// without traceback).
void Runtime::failedDispatch(int status) {
    lua_State* L = mL;
    if (!mImpl->hookErrorSeen) {
        const char* msg = lua_tostring(L, -1);
        recordError(parseMessage(msg ? msg : "(error object is not a string)"));
    }
    lua_pop(L, 1);
    if (status == LUA_ERRMEM) lua_gc(L, LUA_GCCOLLECT, 0);
}

// One lua_pcall of an event's bound closure with the message handler at `handler`. The handler records an error
// with its traceback where it happened; the error ends that dispatch, as an error in hook.Call does.
void Runtime::runBound(int bound, int handler) {
    lua_State* L = mL;
    auto& impl = *mImpl;
    if (mCallDepth == 0) {
        mInstructions = 0;
        mBudgetHit = false;
    }
    const bool outerSeen = impl.hookErrorSeen;
    impl.hookErrorSeen = false;
    lua_rawgeti(L, LUA_REGISTRYINDEX, bound);
    ++mCallDepth;
    const int status = lua_pcall(L, 0, 0, handler);
    --mCallDepth;
    if (status != 0) [[unlikely]] failedDispatch(status);
    if (mCallDepth == 0) mBudgetHit = false;
    impl.hookErrorSeen = outerSeen;
}

// Engine -> Lua event. Standalone mode: one lua_pcall of the event's bound closure (hook.lua's bind), which runs
// the event's dispatch with no arguments; the message handler (lua_pcall's errfunc) records an error with its
// traceback where it happened, and the error ends that dispatch, as an error in hook.Call does. The engine counts
// the event here (hookCounts). The dispatch has one instruction budget, as any protected call from the engine.
void Runtime::dispatchEvent(int slot, std::string_view name) {
    lua_State* L = mL;
    auto& impl = *mImpl;
    if (mOptions.gmodDir) countHook(name);
    if (impl.hookBindRef != LUA_NOREF && slot >= 0) {
        auto& event = impl.eventNames[static_cast<std::size_t>(slot)];
        if (event.bound == LUA_NOREF) bindEvent(*this, L, impl, static_cast<std::size_t>(slot));
        if (event.bound != LUA_REFNIL) {
            ++event.count;
            // At the engine's level slot 1 holds the message handler between calls (resetStack), so a dispatch
            // pushes and pops nothing: one lua_gettop checks the stack is as the runtime left it (an emptied one
            // gets the handler back). Inside a call index 1 is the running C function's first argument.
            const int top = lua_gettop(L);
            if (mCallDepth == 0 && top <= 1) {
                if (top == 0) lua_rawgeti(L, LUA_REGISTRYINDEX, impl.hookHandlerRef);
                runBound(event.bound, 1);
            } else {
                lua_rawgeti(L, LUA_REGISTRYINDEX, impl.hookHandlerRef);
                runBound(event.bound, top + 1);
                lua_pop(L, 1);
            }
            return;
        }
    }
    // Our hook module's fixed-arity entry (JIT-compiled; it forwards to an addon's hook.Call replacement),
    // found once after the base library ran; GMod's own hook module has none, so install mode uses hook.Call.
    if (mImpl->engineCallRef == LUA_NOREF && mBooted) {
        mImpl->engineCallRef = LUA_REFNIL;
        lua_getglobal(L, "hook");
        if (lua_istable(L, -1)) {
            lua_getfield(L, -1, "_VestigeEngineCall");
            if (lua_isfunction(L, -1)) mImpl->engineCallRef = luaL_ref(L, LUA_REGISTRYINDEX);
            else lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    if (mImpl->engineCallRef != LUA_REFNIL && mImpl->engineCallRef != LUA_NOREF) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, mImpl->tracebackRef);
        const int handler = lua_gettop(L);
        lua_rawgeti(L, LUA_REGISTRYINDEX, mImpl->engineCallRef);
        pushEventName(name);
        (void)protectedCallAt(handler, 1, 0);
        lua_settop(L, handler - 1);
        return;
    }
    lua_getglobal(L, "hook");
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    lua_getfield(L, -1, "Call");
    lua_remove(L, -2);
    if (!lua_isfunction(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    lua_pushlstring(L, name.data(), name.size());
    lua_getglobal(L, "GAMEMODE");
    (void)protectedCall(2, 0);
}

void Runtime::tick() {
    lua_State* L = mL;
    ++mTick;
    if (!mImpl->playerSpawned) {
        mImpl->playerSpawned = true;
        if (mEntities.size() < 2) mEntities.resize(2);
        auto& p = mEntities[1];
        p = EntityRecord{};
        p.index = 1;
        p.serial = mImpl->nextSerial++;
        p.alive = true;
        p.isPlayer = true;
        p.className = "player";
        p.model = "models/player/kleiner.mdl";
        p.name = "Player";
        p.health = 100;
        p.collisionGroup = 5;  // COLLISION_GROUP_PLAYER, as CBasePlayer::Spawn sets it
        // Standalone spawn point: the first info_player_start of the map (GMod's base gamemode picks one of
        // them in PlayerSelectSpawn; the first keeps runs deterministic).
        for (const auto& me : mOptions.mapEntities) {
            if (me.className != "info_player_start") continue;
            if (isFinite(me.origin)) p.pos = me.origin;
            if (isFinite(me.angles)) p.angles = me.angles;
            break;
        }
        for (const char* hookName : {"PlayerInitialSpawn", "PlayerSpawn"}) {
            if (mOptions.gmodDir) countHook(hookName);
            lua_getglobal(L, "hook");
            if (lua_istable(L, -1)) {
                lua_getfield(L, -1, "Call");
                lua_remove(L, -2);
                lua_pushstring(L, hookName);
                lua_getglobal(L, "GAMEMODE");
                pushEntity(*this, L, 1);
                (void)protectedCall(3, 0);
            } else {
                lua_pop(L, 1);
            }
        }
    }
    callHook(mThinkEvent);
    callHook(mTickEvent);
    runTimers(*this, L);
    resetStack();
}

}  // namespace vestige::source::glua
