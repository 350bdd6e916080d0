// libFuzzer target: gzip input through the streaming PuzzleReader (zlib, detected from the
// content). Two kinds of input:
//   - bytes that start with the gzip magic (1f 8b) are the file itself: corrupt headers, bad
//     CRCs, cut streams, garbage after a member. The reader must end with or without an error the
//     same way whatever its buffer size, read the same records when neither read saw an error,
//     and keep every record invariant (fuzz_common.hpp);
//   - any other bytes are a text that this target gzips itself, as one or two members (where the
//     input's hash says), sometimes cut short: the reader must then return exactly the records of
//     what zlib can decompress (fuzz::model of it, with default and tiny buffers), and report an
//     error exactly when the stream was cut.
#include <zlib.h>

#include "fuzz_common.hpp"

namespace {

std::string gzip(std::string_view text, int level) {
  z_stream z{};
  FUZZ_CHECK(deflateInit2(&z, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK, "deflateInit2");
  std::string out(deflateBound(&z, static_cast<uLong>(text.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  FUZZ_CHECK(deflate(&z, Z_FINISH) == Z_STREAM_END, "deflate");
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

/// Decompresses this target's own gzip members (maybe cut) into `text`, as gzread would: member
/// after member; a single byte after a member is trailing garbage that zlib ignores. Returns false
/// when the stream was cut.
bool gunzip(std::string_view gz, std::string& text) {
  z_stream z{};
  FUZZ_CHECK(inflateInit2(&z, 15 + 16) == Z_OK, "inflateInit2");
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(gz.data()));
  z.avail_in = static_cast<uInt>(gz.size());
  bool complete = false;
  char buf[4096];
  while (true) {
    z.next_out = reinterpret_cast<Bytef*>(buf);
    z.avail_out = sizeof buf;
    const int ret = inflate(&z, Z_NO_FLUSH);
    text.append(buf, sizeof buf - z.avail_out);
    if (ret == Z_STREAM_END) {
      if (z.avail_in < 2) {
        complete = true;
        break;
      }
      inflateReset(&z);
      continue;
    }
    FUZZ_CHECK(ret == Z_OK || ret == Z_BUF_ERROR, "inflate of our own gzip: {}", ret);
    if (z.avail_in == 0 && z.avail_out != 0) break;  // cut: no more input
  }
  inflateEnd(&z);
  return complete;
}

void check_gzip_file(std::string_view bytes) {
  const std::string& path = fuzz::input_file().write(bytes);
  const fuzz::Reads r = fuzz::read_three_ways(path, 0, fuzz::hash(bytes));
  FUZZ_CHECK(r.normal.error.empty() == r.tiny_buffer.error.empty(),
             "error with default buffers: '{}', with a tiny buffer: '{}'", r.normal.error,
             r.tiny_buffer.error);
  if (r.normal.error.empty()) fuzz::check_same(r.tiny_buffer, r.normal, "tiny buffer");
  for (const fuzz::Record& rec : r.normal.records) fuzz::check_record(r.normal.format, rec.text);
}

void check_our_gzip(std::string_view text) {
  const uint64_t h = fuzz::hash(text);
  const std::size_t split = (h >> 40) % 2 == 0 ? text.size() : h % (text.size() + 1);
  const int level = static_cast<int>((h >> 8) % 10);
  std::string gz = gzip(text.substr(0, split), level);
  if (split < text.size()) gz += gzip(text.substr(split), level);
  if ((h >> 16) % 3 == 0) gz.resize(2 + (h >> 20) % (gz.size() - 1));  // cut, keeping the magic
  std::string plain;
  const bool complete = gunzip(gz, plain);

  const std::string& path = fuzz::input_file().write(gz);
  const fuzz::Reads r = fuzz::read_three_ways(path, 0, fuzz::hash(gz));
  // A stream cut inside a line: that piece of a line is not a record (the reader's error names
  // the last whole line), so the model reads the text up to the last line break.
  if (!complete) plain.resize(plain.rfind('\n') == std::string::npos ? 0 : plain.rfind('\n') + 1);
  auto check = [&](const fuzz::Outcome& got, std::size_t max_line, const char* what) {
    fuzz::Outcome want = fuzz::model(plain, path, 0, max_line);
    // A record of several lines that the cut stream ended inside is not a record either: one
    // that runs to the next record's start or to the end, or a grid short of its rows.
    if (!complete && !want.records.empty() && !want.format.single_line()) {
      const std::string& last = want.records.back().text;
      const auto rows = 1 + std::count(last.begin(), last.end(), '\n');
      if (want.format.extent != puzzle::Format::Extent::lines || rows < want.format.record_lines)
        want.records.pop_back();
    }
    FUZZ_CHECK(got.records == want.records && fuzz::same_format(got.format, want.format),
               "{} ({} gzip bytes, {}):\n  got  {}\n  want {}", what, gz.size(),
               complete ? "complete" : "cut", fuzz::describe(got), fuzz::describe(want));
    if (!want.error.empty()) FUZZ_CHECK(got.error == want.error, "{}: error '{}', want '{}'", what, got.error, want.error);
    else FUZZ_CHECK(got.error.empty() == complete, "{}: error '{}' for a {} stream", what, got.error,
                    complete ? "complete" : "cut");
  };
  check(r.normal, puzzle::io::PuzzleReader::kMaxLine, "default buffers");
  check(r.tiny_buffer, puzzle::io::PuzzleReader::kMaxLine, "tiny buffer");
  check(r.short_lines, r.max_line, "short max_line");
  for (const fuzz::Record& rec : r.normal.records) fuzz::check_record(r.normal.format, rec.text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  if (bytes.starts_with("\x1f\x8b")) check_gzip_file(bytes);
  else check_our_gzip(bytes);
  return 0;
}
