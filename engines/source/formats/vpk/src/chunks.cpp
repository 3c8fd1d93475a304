// Chunk files: in-memory (tests, writers) and host files next to a *_dir.vpk.
#include <fmt/format.h>

#include <fstream>
#include <mutex>

#include "vestige/core/file_io.hpp"
#include "vestige/core/text.hpp"
#include "vestige/source/vpk/vpk.hpp"

namespace vestige::source::vpk {

namespace fs = std::filesystem;

namespace {
Error rangeError(std::uint16_t index, std::uint64_t offset, std::uint64_t length, std::uint64_t size) {
    return Error("vpk.chunk_range", fmt::format("range runs past the end of chunk {:03}", index))
        .expected(fmt::format("offset + length <= {}", size))
        .actual(fmt::format("{} + {}", offset, length));
}
}  // namespace

Result<Bytes> MemoryChunks::read(std::uint16_t index, std::uint64_t offset, std::uint64_t length) const {
    auto it = mChunks.find(index);
    if (it == mChunks.end()) return Error("vpk.missing_chunk", fmt::format("chunk {:03} is not available", index));
    const Bytes& c = it->second;
    if (offset > c.size() || length > c.size() - offset) return rangeError(index, offset, length, c.size());
    return Bytes(c.begin() + static_cast<long>(offset), c.begin() + static_cast<long>(offset + length));
}

std::optional<std::uint64_t> MemoryChunks::size(std::uint16_t index) const {
    auto it = mChunks.find(index);
    if (it == mChunks.end()) return std::nullopt;
    return it->second.size();
}

std::optional<std::string> chunkBase(std::string_view fileName) {
    constexpr std::string_view kSuffix = "_dir.vpk";
    if (fileName.size() <= kSuffix.size() || !endsWithNoCase(fileName, kSuffix)) return std::nullopt;
    return std::string(fileName.substr(0, fileName.size() - kSuffix.size()));
}

std::string chunkFileName(std::string_view base, std::uint16_t index) {
    return fmt::format("{}_{:03}.vpk", base, index);
}

fs::path HostChunks::chunkPath(std::uint16_t index) const {
    const std::string name = chunkFileName(mBase, index);
    fs::path exact = mDir / name;
    std::error_code ec;
    if (fs::is_regular_file(exact, ec)) return exact;
    // Game folders copied from Windows may spell the chunk names in another case.
    for (const auto& de : fs::directory_iterator(mDir, ec)) {
        if (iequals(de.path().filename().string(), name) && de.is_regular_file(ec)) return de.path();
    }
    return exact;
}

std::optional<std::uint64_t> HostChunks::size(std::uint16_t index) const {
    std::error_code ec;
    const auto p = chunkPath(index);
    if (!fs::is_regular_file(p, ec)) return std::nullopt;
    const auto n = fs::file_size(p, ec);
    if (ec) return std::nullopt;
    return n;
}

Result<Bytes> HostChunks::read(std::uint16_t index, std::uint64_t offset, std::uint64_t length) const {
    const auto p = chunkPath(index);
    const auto n = size(index);
    // The chunk's host path goes into the message, not a "file" context: the error's offset is the record's in
    // the directory file.
    if (!n) return Error("vpk.missing_chunk", fmt::format("chunk file {} not found", p.string()));
    if (offset > *n || length > *n - offset) {
        Error e = rangeError(index, offset, length, *n);
        return Error(e.code(), fmt::format("{} ({})", e.message(), p.string()))
            .expected(*e.expectedText())
            .actual(*e.actualText());
    }
    std::ifstream in(p, std::ios::binary);
    Bytes out(static_cast<std::size_t>(length));
    in.seekg(static_cast<std::streamoff>(offset));
    if (length) in.read(reinterpret_cast<char*>(out.data()), static_cast<std::streamsize>(length));
    if (!in) return Error("io.read", fmt::format("cannot read the chunk file {}", p.string()));
    return out;
}

std::shared_ptr<const ChunkSource> hostChunksFor(std::string_view hostPath, ByteView dirData) {
    const fs::path p{std::string(hostPath)};
    auto base = chunkBase(p.filename().string());
    if (!base) return nullptr;
    std::error_code ec;
    if (!fs::is_regular_file(p, ec) || fs::file_size(p, ec) != dirData.size() || ec) return nullptr;
    auto bytes = readFile(p);
    if (!bytes || !std::equal(bytes->begin(), bytes->end(), dirData.begin(), dirData.end())) return nullptr;
    fs::path dir = p.parent_path();
    if (dir.empty()) dir = ".";
    return std::make_shared<HostChunks>(std::move(dir), std::move(*base));
}

namespace {
class SiblingChunks final : public ChunkSource {
public:
    SiblingChunks(std::string base, SiblingReader read) : mBase(std::move(base)), mRead(std::move(read)) {}
    [[nodiscard]] Result<Bytes> read(std::uint16_t index, std::uint64_t offset, std::uint64_t length) const override {
        VESTIGE_TRY(auto chunk, load(index));
        if (offset > chunk->size() || length > chunk->size() - offset) {
            Error e = rangeError(index, offset, length, chunk->size());
            return Error(e.code(), fmt::format("{} ({})", e.message(), chunkFileName(mBase, index)))
                .expected(*e.expectedText())
                .actual(*e.actualText());
        }
        return Bytes(chunk->begin() + static_cast<long>(offset), chunk->begin() + static_cast<long>(offset + length));
    }
    [[nodiscard]] std::optional<std::uint64_t> size(std::uint16_t index) const override {
        auto chunk = load(index);
        if (!chunk) return std::nullopt;
        return (*chunk)->size();
    }

private:
    // The whole chunk file, read once. Other read errors (a corrupt outer archive) are reported as they are.
    Result<std::shared_ptr<const Bytes>> load(std::uint16_t index) const {
        std::lock_guard lock(mMutex);
        if (auto it = mLoaded.find(index); it != mLoaded.end()) return it->second;
        const std::string name = chunkFileName(mBase, index);
        auto bytes = mRead(name);
        if (!bytes) {
            const std::string& code = bytes.error().code();
            if (code.size() >= 10 && code.compare(code.size() - 10, 10, ".not_found") == 0)
                return Error("vpk.missing_chunk", fmt::format("chunk file {} not found next to the directory", name));
            return std::move(bytes).error();
        }
        auto shared = std::make_shared<const Bytes>(std::move(bytes).value());
        mLoaded.emplace(index, shared);
        return shared;
    }
    std::string mBase;
    SiblingReader mRead;
    mutable std::mutex mMutex;
    mutable std::map<std::uint16_t, std::shared_ptr<const Bytes>> mLoaded;
};
}  // namespace

std::shared_ptr<const ChunkSource> siblingChunksFor(std::string_view dirName, SiblingReader read) {
    auto base = chunkBase(dirName);
    if (!base || !read) return nullptr;
    return std::make_shared<SiblingChunks>(std::move(*base), std::move(read));
}

}  // namespace vestige::source::vpk
