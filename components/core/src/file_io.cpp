#include "vestige/core/file_io.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace vestige {

Result<Bytes> readFile(const std::filesystem::path& path) {
    // Opened without blocking and checked on the open descriptor: a FIFO would block the open, a device (/dev/zero)
    // would never end, and a name swapped between a check and the open cannot slip through.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        if (errno == EISDIR) return Error("io.is_directory", "is a directory, not a file").file(path.string());
        return Error("io.open", fmt::format("cannot open: {}", std::strerror(errno))).file(path.string());
    }
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    struct stat st {};
    if (::fstat(fd, &st) != 0) return Error("io.read", "cannot determine the file size").file(path.string());
    if (S_ISDIR(st.st_mode)) return Error("io.is_directory", "is a directory, not a file").file(path.string());
    if (!S_ISREG(st.st_mode)) return Error("io.not_regular", "not a regular file").file(path.string());
    Bytes data(static_cast<std::size_t>(st.st_size));
    std::size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::read(fd, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return Error("io.read", "short read").file(path.string());
        done += static_cast<std::size_t>(n);
    }
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
