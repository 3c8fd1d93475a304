#pragma once
// MD5 (RFC 1321), for values other engines derive from it and that must match bit for bit (Source's
// MD5_PseudoRandom, the usercmd random seed). Not for security. Checked against the RFC's appendix A.5 test suite.
#include <array>
#include <cstdint>
#include <string>

#include "vestige/core/bytes.hpp"

namespace vestige {

using Md5Digest = std::array<std::uint8_t, 16>;

[[nodiscard]] Md5Digest md5(ByteView data);
// Lower-case hex of the 16 bytes.
[[nodiscard]] std::string toHex(const Md5Digest& digest);

}  // namespace vestige
