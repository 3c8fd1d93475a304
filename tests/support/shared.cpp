#include "shared.hpp"

#include <cstdlib>

namespace vestige::test {

std::optional<std::filesystem::path> sharedDir() {
    std::error_code ec;
    if (const char* env = std::getenv("VESTIGE_SHARED_DIR")) {
        std::filesystem::path p(env);
        if (std::filesystem::is_directory(p, ec)) return p;
    }
    return std::nullopt;
}

std::optional<std::filesystem::path> gameDir(const char* envVar) {
    std::error_code ec;
    if (const char* env = std::getenv(envVar)) {
        std::filesystem::path p(env);
        if (std::filesystem::is_directory(p, ec)) return p;
    }
    return std::nullopt;
}

}  // namespace vestige::test
