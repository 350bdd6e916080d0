// What the tool and an isolated plug-in's child share (isolate_wire.hpp): the block's mapping
// and the identity both sides give in the handshake.
#include "ext/isolate_wire.hpp"

#include <sys/mman.h>
#include <sys/stat.h>

#include <fmt/format.h>

#include "ext/isolate.hpp"
#include "puzzle/build_info.hpp"

namespace puzzle::ext {

namespace isolate_wire {

Block* map_block(int fd) {
  struct stat st{};
  if (::fstat(fd, &st) != 0 || static_cast<std::size_t>(st.st_size) != sizeof(Block)) return nullptr;
  void* p = ::mmap(nullptr, sizeof(Block), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  return p == MAP_FAILED ? nullptr : static_cast<Block*>(p);
}

}  // namespace isolate_wire

std::string build_identity() {
  const BuildInfo& b = build_info();
  return fmt::format("{} {}, protocol {}, block {} bytes", b.version, b.git_revision, isolate_wire::kProtocol,
                     sizeof(isolate_wire::Block));
}

}  // namespace puzzle::ext
