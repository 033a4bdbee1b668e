//===- Registry.cpp - Every check, registered in one place ----------------===//

#include "cudalint/Checks.h"

namespace cudalint {

#define CUDALINT_CHECK(Name) std::unique_ptr<Check> create##Name();
#include "Checks.def"

llvm::ArrayRef<std::unique_ptr<Check>> allChecks() {
  static const std::vector<std::unique_ptr<Check>> Checks = [] {
    std::vector<std::unique_ptr<Check>> V;
#define CUDALINT_CHECK(Name) V.push_back(create##Name());
#include "Checks.def"
    return V;
  }();
  return Checks;
}

} // namespace cudalint
