#include "vestige/core/error.hpp"

#include <fmt/format.h>

#include "vestige/core/text.hpp"

namespace vestige {

Error& Error::in(std::string kind, std::string value) {
    mContext.push_back({std::move(kind), std::move(value)});
    return *this;
}

Error& Error::at(std::uint64_t absoluteOffset) {
    mOffset = absoluteOffset;
    return *this;
}

Error& Error::expected(std::string what) {
    mExpected = std::move(what);
    return *this;
}

Error& Error::actual(std::string what) {
    mActual = std::move(what);
    return *this;
}

std::optional<std::string> Error::find(std::string_view kind) const {
    for (const auto& c : mContext)
        if (c.kind == kind) return c.value;
    return std::nullopt;
}

std::string Error::render() const {
    std::string out;
    for (auto it = mContext.rbegin(); it != mContext.rend(); ++it) out += fmt::format("{} {}: ", it->kind, it->value);
    if (mOffset) out += fmt::format("at offset {} (0x{:X}): ", *mOffset, *mOffset);
    out += mMessage;
    if (mExpected || mActual)
        out += fmt::format(" (expected {}, got {})", mExpected.value_or("?"), mActual.value_or("?"));
    if (!mCode.empty()) out += fmt::format(" [{}]", mCode);
    return out;
}

std::string Error::toJson() const {
    std::string out = fmt::format(R"({{"code":"{}","message":"{}","context":[)", jsonEscape(mCode), jsonEscape(mMessage));
    bool first = true;
    for (auto it = mContext.rbegin(); it != mContext.rend(); ++it) {
        out += fmt::format(R"({}{{"kind":"{}","value":"{}"}})", first ? "" : ",", jsonEscape(it->kind), jsonEscape(it->value));
        first = false;
    }
    out += "]";
    if (mOffset) out += fmt::format(R"(,"offset":{})", *mOffset);
    if (mExpected) out += fmt::format(R"(,"expected":"{}")", jsonEscape(*mExpected));
    if (mActual) out += fmt::format(R"(,"actual":"{}")", jsonEscape(*mActual));
    out += fmt::format(R"(,"text":"{}"}})", jsonEscape(render()));
    return out;
}

}  // namespace vestige
