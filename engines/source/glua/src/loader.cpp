// Loading Lua: include() resolution and chunk loading (translated GLua, text only), runString, eval and host files.
#include <fmt/format.h>

#include "internal.hpp"
#include "vestige/core/file_io.hpp"
#include "vestige/core/text.hpp"
#include "vestige/source/glua/translator.hpp"
#include "vestige/vfs/vfs.hpp"

namespace vestige::source::glua {

namespace {

// Records `e`, or hands it to the caller instead when `failure` is given (require raises it; a pcall may catch it).
void report(Runtime& rt, LuaError e, LuaError* failure) {
    if (failure)
        *failure = std::move(e);
    else
        recordError(rt, std::move(e));
}

// Loads translated Lua text as a chunk (never bytecode: LuaJIT does not verify it). On a syntax error nothing stays
// pushed and the error is recorded (or handed over through `failure`).
bool loadText(Runtime& rt, std::string_view lua, const std::string& chunk, LuaError* failure) {
    lua_State* L = rt.state();
    if (luaL_loadbufferx(L, lua.data(), lua.size(), chunk.c_str(), "t") == 0) return true;
    const char* msg = lua_tostring(L, -1);
    LuaError e = parseMessage(msg ? msg : "syntax error");
    e.kind = LuaError::Kind::Syntax;
    lua_pop(L, 1);
    report(rt, std::move(e), failure);
    return false;
}

}  // namespace

std::optional<FoundFile> findIncludeFile(Runtime& rt, const std::string& path, const std::string& currentFile) {
    std::vector<std::string> candidates;
    if (!currentFile.empty()) {
        const auto slash = currentFile.rfind('/');
        candidates.push_back(slash == std::string::npos ? path : currentFile.substr(0, slash + 1) + path);
    }
    candidates.push_back("lua/" + path);
    candidates.push_back("gamemodes/" + path);
    candidates.push_back(path);
    const bool client = rt.realm() == Realm::Client;
    for (const auto& c : candidates) {
        if (!vfs::splitPath(c).ok()) continue;
        auto found = findGameFile(rt, c);
        if (found && (!client || clientMayLoad(rt, found->virtualPath))) return found;
    }
    return std::nullopt;
}

bool clientMayLoad(Runtime& rt, const std::string& virtualPath) {
    const std::string p = asciiLower(virtualPath);
    const auto under = [&](std::string_view dir) { return p.starts_with(dir); };
    if (under("lua/includes/")) return true;  // the client's own base library
    // GMod sends these folders without AddCSLuaFile (wiki: Global.AddCSLuaFile); lua/autorun/server/ is not sent.
    if (under("lua/autorun/") && !under("lua/autorun/server/")) return true;
    for (const char* dir : {"lua/vgui/", "lua/skins/", "lua/matproxy/", "lua/postprocess/"})
        if (under(dir)) return true;
    const auto& sent = rt.options().sentToClient;
    return sent && sent(p);
}

const char* realmEntryFile(const Runtime& rt) { return rt.realm() == Realm::Client ? "cl_init.lua" : "init.lua"; }

bool loadIncludeChunk(Runtime& rt, lua_State* /*L*/, const std::string& path, const std::string& currentFile,
                      LuaError* failure) {
    if (auto found = findIncludeFile(rt, path, currentFile)) {
        if (!loadText(rt, translate(found->data), "@" + found->virtualPath, failure)) return false;
        implOf(rt).filesLoaded.push_back(found->virtualPath);
        return true;
    }
    LuaError e;
    e.file = currentFile;
    e.message = fmt::format("Couldn't include file '{}' - File not found", path);
    e.kind = LuaError::Kind::File;
    report(rt, std::move(e), failure);
    return false;
}

Status Runtime::runString(std::string_view code, std::string_view chunkName) {
    LuaError failure;
    if (!loadText(*this, translate(code), "@" + std::string(chunkName), &failure)) {
        Error err("glua.syntax", failure.render());
        recordError(*this, std::move(failure));
        return err;
    }
    if (!protectedCall(0, 0)) return Error("glua.runtime", mImpl->errors.back().render());
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
        LuaError failure;
        if (!loadText(*this, lua, chunk, &failure)) {
            Error err("glua.syntax", failure.render());
            recordError(*this, std::move(failure));
            return err;
        }
    }
    if (!protectedCall(0, LUA_MULTRET)) return Error("glua.runtime", mImpl->errors.back().render());
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
    auto bytes = readFile(path);
    if (!bytes) {
        recordError(*this, {path.filename().string(), 0, "cannot open file", "", LuaError::Kind::File});
        return Error("glua.open", "cannot open file").file(path.string());
    }
    const std::string data(reinterpret_cast<const char*>(bytes->data()), bytes->size());
    mImpl->filesLoaded.push_back(path.filename().string());
    return runString(data, path.filename().string());
}

}  // namespace vestige::source::glua
