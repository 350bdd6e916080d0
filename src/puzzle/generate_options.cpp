#include "puzzle/generate_options.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "puzzle/kinds.hpp"
#include "puzzle/registry.hpp"

namespace puzzle {

std::string OptionNames::operator()(std::string_view name) const {
  std::string s(name);
  for (char& c : s)
    if (c == '_' || c == '-') c = style == OptionStyle::cli ? '-' : '_';
  return style == OptionStyle::cli ? "--" + s : s;
}

std::string OptionNames::given(std::string_view name, std::string_view value) const {
  return style == OptionStyle::cli ? fmt::format("{} {}", (*this)(name), value)
                                   : fmt::format("{}='{}'", (*this)(name), value);
}

const Registry& registry_of(const GenerateOptions& opt) noexcept {
  return opt.registry != nullptr ? *opt.registry : builtin_registry();
}

const SolverInfo& solver_for_role(const Registry& registry, const std::string& name, std::string_view role,
                                  OptionStyle style) {
  const SolverInfo* s = registry.find(name);
  if (s == nullptr) {
    const std::string near = registry.suggest(name);
    throw OptionError(fmt::format("{}: unknown solver '{}'{}", role, name,
                                  near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near)));
  }
  if (s->batch())
    throw OptionError(style == OptionStyle::cli
                          ? fmt::format("{} '{}' is an --exec-batch program: it answers whole files (solve, "
                                        "bench), not one puzzle at a time, so it cannot be the {} (an --exec "
                                        "solver can)", role, s->name, role)
                          : fmt::format("{} '{}' is an exec-batch program (add_exec(batch=True)): it answers "
                                        "whole inputs, not one puzzle at a time, so it cannot be the {} (one "
                                        "added without batch=True can)", role, s->name, role));
  return *s;
}

const SolverInfo& solver_for_role(const Registry& registry, const std::string& name, PuzzleKind kind,
                                  std::string_view role, OptionStyle style) {
  const SolverInfo* s = &solver_for_role(registry, name, role, style);
  if (!s->solves(kind)) throw OptionError(fmt::format("{} '{}' does not solve {}", role, s->name, puzzle::Kinds::plural(kind)));
  return *s;
}

std::string default_generate_kind() { return std::string(Kinds::First::name); }

std::string generate_kind_names() {
  std::string names;
  puzzle::Kinds::each([&](auto row) {
    if constexpr (KindGeneration<decltype(row)>)
      names += (names.empty() ? "" : " or ") + std::string(decltype(row)::name);
  });
  return names;
}

GenerateOption value_option(std::string name, std::string help, std::string default_text, std::string join,
                            std::string value_name, char letter) {
  GenerateOption o;
  o.name = std::move(name), o.help = std::move(help), o.default_text = std::move(default_text);
  o.join = std::move(join), o.value_name = std::move(value_name), o.letter = letter;
  return o;
}

GenerateOption flag_option(std::string name, std::string help) {
  GenerateOption o;
  o.name = std::move(name), o.help = std::move(help), o.flag = true;
  return o;
}

const std::string& GenerateOptions::text(std::string_view name) const {
  static const std::string none;
  const auto it = options.find(name);
  return it == options.end() ? none : it->second;
}

namespace {

/// Each row's name, its first letter capitalized ("Sudoku", "Nonogram"): its part of a help text.
template <class Row>
std::string help_label() {
  std::string s(Row::name);
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

/// "a, b and c".
std::string join_and(const std::vector<std::string>& words) {
  std::string s;
  for (std::size_t i = 0; i < words.size(); ++i)
    s += (i == 0 ? "" : i + 1 == words.size() ? " and " : ", ") + words[i];
  return s;
}

/// Row R's own generate options: none for a kind that is not generated.
template <class R>
std::vector<GenerateOption> options_of() {
  if constexpr (KindGeneration<R>) return R::generate_options();
  else return {};
}

/// Whether row R declares option `name`; its declaration in `out`.
template <class R>
bool declares(std::string_view name, GenerateOption* out = nullptr) {
  for (GenerateOption& o : options_of<R>())
    if (o.name == name) {
      if (out != nullptr) *out = std::move(o);
      return true;
    }
  return false;
}

}  // namespace

std::vector<GenerateOption> generate_options() {
  std::vector<GenerateOption> all;
  std::vector<bool> defaults_agree;
  puzzle::Kinds::each([&](auto row) {
    using R = decltype(row);
    for (const GenerateOption& o : options_of<R>()) {
      // The default after the help's first line (a list may follow: -m's generators).
      std::string part = help_label<R>() + ": " + o.help;
      if (!o.flag && !o.default_text.empty())
        part.insert(std::min(part.find('\n'), part.size()), " (default " + o.default_text + ")");
      std::size_t i = 0;
      while (i < all.size() && all[i].name != o.name) ++i;
      if (i == all.size()) {
        all.push_back(o);
        all.back().help = part;
        defaults_agree.push_back(true);
        continue;
      }
      GenerateOption& a = all[i];
      a.help += "; " + part;
      if (a.default_text != o.default_text) defaults_agree[i] = false;
      if (a.join.empty()) a.join = o.join;
    }
  });
  for (std::size_t i = 0; i < all.size(); ++i)
    if (!defaults_agree[i]) all[i].default_text.clear();
  return all;
}

std::string generate_defaults_help(std::string GenerateDefaults::*part) {
  // Each row's label and defaults, made once: the CLI asks for four parts at every start-up.
  static const std::vector<std::pair<std::string, GenerateDefaults>> rows = [] {
    std::vector<std::pair<std::string, GenerateDefaults>> v;
    puzzle::Kinds::each([&](auto row) {
      using R = decltype(row);
      if constexpr (KindGeneration<R>) v.emplace_back(help_label<R>(), R::generate_defaults());
    });
    return v;
  }();
  std::string help;
  for (const auto& [label, defaults] : rows)
    if (const std::string& text = defaults.*part; !text.empty())
      help += (help.empty() ? "" : "; ") + label + ": " + text;
  return help;
}

GeneratePlan plan_generate(const GenerateOptions& opt, OptionStyle style) {
  const OptionNames say{style};
  if (opt.max_attempts < 1) throw OptionError(say("max-attempts") + ": at least 1");
  const std::optional<PuzzleKind> kind = puzzle::Kinds::find(opt.kind);
  if (!kind) throw OptionError(say.given("kind", opt.kind) + ": " + generate_kind_names());
  GeneratePlan plan;
  puzzle::Kinds::visit(*kind, [&](auto row) {
    using R = decltype(row);
    if constexpr (!KindGeneration<R>) {
      throw OptionError(fmt::format("{}: {} are not generated; {}", say.given("kind", opt.kind), R::plural,
                                    generate_kind_names()));
    } else {
    // The options of another kind, refused by name: the kinds that take each, and what this one takes.
    GenerateOptions own = opt;
    for (const auto& option : opt.options) {
      // A plain reference, not a structured binding: clang before 16 cannot capture a binding.
      const std::string& name = option.first;
      if (declares<R>(name)) continue;
      std::vector<std::string> plurals, kinds;
      puzzle::Kinds::each([&](auto other) {
        using O = decltype(other);
        if (!declares<O>(name)) return;
        plurals.emplace_back(O::plural);
        kinds.push_back(say.given("kind", O::name));
      });
      std::vector<std::string> takes;
      for (const GenerateOption& o : R::generate_options()) takes.push_back(say(o.name));
      const std::string what = fmt::format("a {} takes {}", Kinds::noun(R::id), join_and(takes));
      if (plurals.empty()) throw OptionError(fmt::format("{}: no kind takes this option; {}", say(name), what));
      std::string for_kinds = plurals[0], given_kinds = kinds[0];
      for (std::size_t i = 1; i < plurals.size(); ++i)
        for_kinds += " or " + plurals[i], given_kinds += " or " + kinds[i];
      throw OptionError(fmt::format("{} is for {} ({}); {}", say(name), for_kinds, given_kinds, what));
    }
    for (const GenerateOption& o : R::generate_options())
      if (!o.flag && !o.default_text.empty()) own.options.try_emplace(o.name, o.default_text);
    plan = R::plan_generate(own, say);
    }
  });
  plan.kind = *kind;
  return plan;
}

}  // namespace puzzle
