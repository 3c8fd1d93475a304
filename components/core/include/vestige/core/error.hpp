#pragma once
// Structured errors: a machine code, a message, and a context chain from the outermost
// container to the innermost byte (file -> entry -> record -> field -> offset), plus an
// optional expected/actual pair. Errors are values; nothing here throws.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vestige {

struct ErrorContext {
    std::string kind;  // "file", "entry", "lump", "record", "field", ...
    std::string value;
};

class Error {
public:
    Error() = default;
    Error(std::string code, std::string message) : mCode(std::move(code)), mMessage(std::move(message)) {}
    // The usual reader failure: a field at an absolute byte offset.
    [[nodiscard]] static Error atField(std::string code, std::string message, std::string field,
                                       std::uint64_t absoluteOffset) {
        Error e(std::move(code), std::move(message));
        e.field(std::move(field)).at(absoluteOffset);
        return e;
    }

    // Context is added innermost-first as an error travels outward; rendering shows outermost first.
    Error& in(std::string kind, std::string value);
    Error& file(std::string path) { return in("file", std::move(path)); }
    Error& entry(std::string name) { return in("entry", std::move(name)); }
    Error& record(std::uint64_t index) { return in("record", std::to_string(index)); }
    // A directory record, named by its entry when the name is known.
    Error& recordNamed(std::uint64_t index, std::string_view name) {
        record(index);
        return name.empty() ? *this : entry(std::string(name));
    }
    Error& field(std::string name) { return in("field", std::move(name)); }
    Error& at(std::uint64_t absoluteOffset);
    Error& expected(std::string what);
    Error& actual(std::string what);

    [[nodiscard]] const std::string& code() const { return mCode; }
    [[nodiscard]] const std::string& message() const { return mMessage; }
    [[nodiscard]] const std::vector<ErrorContext>& context() const { return mContext; }  // innermost first
    [[nodiscard]] std::optional<std::uint64_t> offset() const { return mOffset; }
    [[nodiscard]] const std::optional<std::string>& expectedText() const { return mExpected; }
    [[nodiscard]] const std::optional<std::string>& actualText() const { return mActual; }
    // The value of the innermost context of this kind, if any.
    [[nodiscard]] std::optional<std::string> find(std::string_view kind) const;

    // One line: "file a.lib: entry X: field size: at offset 16 (0x10): message (expected 4, got 2) [nres.bad_size]"
    [[nodiscard]] std::string render() const;
    // {"code":..,"message":..,"context":[{"kind":..,"value":..}...],"offset":..,"expected":..,"actual":..}
    [[nodiscard]] std::string toJson() const;

private:
    std::string mCode;
    std::string mMessage;
    std::vector<ErrorContext> mContext;
    std::optional<std::uint64_t> mOffset;
    std::optional<std::string> mExpected;
    std::optional<std::string> mActual;
};

}  // namespace vestige
