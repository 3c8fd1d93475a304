#pragma once
// Result<T>: a value or an Error. C++20 has no std::expected; this is the small subset we use.
#include <cassert>
#include <utility>
#include <variant>

#include "vestige/core/error.hpp"

namespace vestige {

template <class T>
class [[nodiscard]] Result {
public:
    Result(T value) : mData(std::in_place_index<0>, std::move(value)) {}  // NOLINT(google-explicit-constructor)
    Result(Error error) : mData(std::in_place_index<1>, std::move(error)) {}  // NOLINT(google-explicit-constructor)

    [[nodiscard]] bool ok() const { return mData.index() == 0; }
    explicit operator bool() const { return ok(); }

    T& value() & { assert(ok()); return std::get<0>(mData); }
    const T& value() const& { assert(ok()); return std::get<0>(mData); }
    T&& value() && { assert(ok()); return std::get<0>(std::move(mData)); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    T&& operator*() && { return std::move(*this).value(); }

    Error& error() & { assert(!ok()); return std::get<1>(mData); }
    const Error& error() const& { assert(!ok()); return std::get<1>(mData); }
    Error&& error() && { assert(!ok()); return std::get<1>(std::move(mData)); }

    template <class U>
    T valueOr(U&& fallback) const& { return ok() ? value() : static_cast<T>(std::forward<U>(fallback)); }

    // Adds context to the error, if any; a no-op on success. Chains: r.field("x").entry("y").
    Result&& in(std::string kind, std::string v) && { if (!ok()) error().in(std::move(kind), std::move(v)); return std::move(*this); }
    Result&& field(std::string v) && { return std::move(*this).in("field", std::move(v)); }
    Result&& entry(std::string v) && { return std::move(*this).in("entry", std::move(v)); }
    Result&& file(std::string v) && { return std::move(*this).in("file", std::move(v)); }
    Result&& record(std::uint64_t i) && { return std::move(*this).in("record", std::to_string(i)); }

private:
    std::variant<T, Error> mData;
};

template <>
class [[nodiscard]] Result<void> {
public:
    Result() = default;
    Result(Error error) : mError(std::move(error)), mFailed(true) {}  // NOLINT(google-explicit-constructor)
    [[nodiscard]] bool ok() const { return !mFailed; }
    explicit operator bool() const { return ok(); }
    Error& error() & { assert(mFailed); return mError; }
    const Error& error() const& { assert(mFailed); return mError; }
    Error&& error() && { assert(mFailed); return std::move(mError); }
    Result&& in(std::string kind, std::string v) && { if (mFailed) mError.in(std::move(kind), std::move(v)); return std::move(*this); }
    Result&& field(std::string v) && { return std::move(*this).in("field", std::move(v)); }
    Result&& entry(std::string v) && { return std::move(*this).in("entry", std::move(v)); }
    Result&& file(std::string v) && { return std::move(*this).in("file", std::move(v)); }
    Result&& record(std::uint64_t i) && { return std::move(*this).in("record", std::to_string(i)); }

private:
    Error mError;
    bool mFailed = false;
};

using Status = Result<void>;
inline Status okStatus() { return {}; }

}  // namespace vestige

#define VESTIGE_CONCAT_INNER(a, b) a##b
#define VESTIGE_CONCAT(a, b) VESTIGE_CONCAT_INNER(a, b)

// VESTIGE_TRY(auto x, expr);  binds the value or returns the error from the enclosing function.
#define VESTIGE_TRY(decl, expr) VESTIGE_TRY_IMPL(VESTIGE_CONCAT(vestigeTry_, __COUNTER__), decl, expr)
#define VESTIGE_TRY_IMPL(tmp, decl, expr)           \
    auto tmp = (expr);                              \
    if (!tmp.ok()) return std::move(tmp).error();   \
    decl = std::move(tmp).value()

// VESTIGE_CHECK(expr);  for Result<void> / Status: returns the error if it failed.
#define VESTIGE_CHECK(expr)                                              \
    do {                                                                 \
        auto vestigeCheck_ = (expr);                                     \
        if (!vestigeCheck_.ok()) return std::move(vestigeCheck_).error(); \
    } while (0)
