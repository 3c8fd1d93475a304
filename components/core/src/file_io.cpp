#include "vestige/core/file_io.hpp"

#include <fmt/format.h>

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>


namespace vestige {

Result<Bytes> readFile(const std::filesystem::path& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        return Error("io.is_directory", "is a directory, not a file").file(path.string());
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error("io.open", fmt::format("cannot open: {}", std::strerror(errno))).file(path.string());
    in.seekg(0, std::ios::end);
    const auto size = in.tellg();
    if (size < 0) return Error("io.read", "cannot determine the file size").file(path.string());
    in.seekg(0, std::ios::beg);
    Bytes data(static_cast<std::size_t>(size));
    if (size > 0 && !in.read(reinterpret_cast<char*>(data.data()), size))
        return Error("io.read", "short read").file(path.string());
    return data;
}

Status writeFileAtomic(const std::filesystem::path& path, ByteView data) {
    // Unique per process and per call, so concurrent writers (threads or processes) never share a temporary.
    static std::atomic<std::uint64_t> counter{0};
    auto tmp = path;
    tmp += fmt::format(".tmp{}-{}", static_cast<long>(::getpid()), counter.fetch_add(1));
    {
        std::FILE* f = std::fopen(tmp.c_str(), "wb");
        if (!f) return Error("io.create", fmt::format("cannot create: {}", std::strerror(errno))).file(tmp.string());
        const bool okWrite = data.empty() || std::fwrite(data.data(), 1, data.size(), f) == data.size();
        const bool okClose = std::fclose(f) == 0;
        if (!okWrite || !okClose) {
            std::remove(tmp.c_str());
            return Error("io.write", "write failed").file(path.string());
        }
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) {
        std::filesystem::remove(tmp, ec);
        return Error("io.rename", "cannot move the temporary file into place").file(path.string());
    }
    return {};
}

}  // namespace vestige
