//===- Registry.cpp - Every check, from its declaration in Checks.def -----===//

#include "CheckSupport.h"

#include <initializer_list>
#include <string_view>

namespace cudalint {

#define CUDALINT_CHECK(Class, Facts, Vendors, Name, Sev, Sizes, Summary, ...)  \
  static_assert(SizeTrend::Sizes != SizeTrend::FailsUpward ||                  \
                    std::string_view(#Facts) == "Launch",                      \
                #Class ": only a launch check fails upward");                  \
  static constexpr std::initializer_list<CheckOptionSpec> Class##Options = {   \
      __VA_ARGS__};                                                            \
  Class::Class()                                                               \
      : Check({Name, Severity::Sev, Summary, Class##Options, SizeTrend::Sizes, \
               CheckVendors::Vendors}) {}
#include "Checks.def"

llvm::ArrayRef<std::unique_ptr<Check>> allChecks() {
  static const std::vector<std::unique_ptr<Check>> Checks = [] {
    std::vector<std::unique_ptr<Check>> V;
#define CUDALINT_CHECK(Class, ...) V.push_back(std::make_unique<Class>());
#include "Checks.def"
    return V;
  }();
  return Checks;
}

} // namespace cudalint
