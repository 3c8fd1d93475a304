#pragma once
// One way to turn a JSON document into text for output: compact unless an indent is given, and bytes that are
// not valid UTF-8 (legacy CP1251 names that reached a document raw) replaced rather than thrown as an exception.
// Build documents with nlohmann's types; every path, name and message goes in as a JSON string, never through
// fmt, so quotes and backslashes are escaped by construction.
#include <nlohmann/json.hpp>
#include <string>

namespace vestige {

template <class J>
[[nodiscard]] std::string dumpJson(const J& doc, int indent = -1) {
    return doc.dump(indent, ' ', false, J::error_handler_t::replace);
}

}  // namespace vestige
