//===- DeviceInputs.cpp - Sizes the device reports ------------------------===//
//
// The sizes a program asks the GPU for (a cudaDeviceProp field, a device
// attribute, a value a CUDA API writes into a host variable): symbols
// bounded by what every GPU reports, or the known value every CUDA GPU
// shares (RunTimeInputs.h).
//
//===----------------------------------------------------------------------===//

#include "RunTimeInputs.h"

#include "ResolverSupport.h"
#include "cudalint/Facts/SymbolicValues.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/StringSwitch.h"

#include <algorithm>

using namespace clang;

namespace cudalint {

using namespace resolver;

namespace {

/// The bounds every GPU gives a device property (CUDA's cudaDeviceProp,
/// HIP's hipDeviceProp_t), by field; none for a field that bounds nothing.
/// Sources: the CUDA C++ Programming Guide's table of technical
/// specifications per compute capability (1024 threads per block, block
/// dimensions 1024 x 1024 x 64, grid dimensions 2^31-1 x 65535 x 65535,
/// 48 KiB of shared memory per block without opting in, at most 227 KiB
/// with it and 228 KiB per SM, 64 Ki registers per block, 2048 threads per
/// SM); HIP's limits are AMD's (1024 work-items per work-group, 64 KiB of
/// LDS, warps of 32 or 64).
std::optional<std::pair<int64_t, int64_t>>
deviceLimit(llvm::StringRef Field, std::optional<unsigned> Index, bool Cuda) {
  using Limit = std::optional<std::pair<int64_t, int64_t>>;
  // Every CUDA GPU of compute capability 5.0 on reports the same limits
  // (the Programming Guide's table): a divisor like maxGridSize[1] is
  // 65535, never smaller.
  if (Cuda) {
    if (Field == "maxGridSize" && Index)
      return *Index == 0 ? Limit({2147483647, 2147483647})
                         : Limit({65535, 65535});
    if (Field == "maxThreadsDim" && Index)
      return *Index < 2 ? Limit({1024, 1024}) : Limit({64, 64});
    if (Field == "maxThreadsPerBlock")
      return Limit({1024, 1024});
    if (Field == "sharedMemPerBlock")
      return Limit({49152, 49152});
  }
  if (Field == "maxThreadsDim" && Index)
    return *Index < 2 ? Limit({1, 1024}) : Limit({1, 64});
  if (Field == "maxGridSize" && Index)
    return *Index == 0 ? Limit({1, 2147483647}) : Limit({1, 65535});
  return llvm::StringSwitch<Limit>(Field)
      .Case("maxThreadsPerBlock", Limit({1, 1024}))
      .Case("sharedMemPerBlock", Limit({1, 65536})) // AMD's LDS
      .Case("sharedMemPerBlockOptin", Limit({1, 232448}))
      .Case("sharedMemPerMultiprocessor", Limit({1, 233472}))
      .Case("maxSharedMemoryPerMultiProcessor", Limit({1, 233472}))
      .Case("regsPerBlock", Limit({1, 65536}))
      .Case("regsPerMultiprocessor", Limit({1, 65536}))
      .Case("warpSize", Limit({32, 64}))
      .Case("maxThreadsPerMultiProcessor", Limit({1, 2560}))
      .Default(std::nullopt);
}

/// The bounds every GPU gives a device attribute (cudaDevAttr*, CU_DEVICE_
/// ATTRIBUTE_*, hipDeviceAttribute*) that bounds a launch, by the
/// enumerator's name; the same sources as deviceLimit.
std::optional<std::pair<int64_t, int64_t>> attributeLimit(StringRef Name) {
  for (StringRef Prefix :
       {"cudaDevAttr", "CU_DEVICE_ATTRIBUTE_", "hipDeviceAttribute"})
    if (Name.consume_front(Prefix))
      break;
  std::string Key = Name.lower();
  Key.erase(std::remove(Key.begin(), Key.end(), '_'), Key.end());
  using Limit = std::optional<std::pair<int64_t, int64_t>>;
  return llvm::StringSwitch<Limit>(Key)
      .Case("maxthreadsperblock", Limit({1, 1024}))
      .Cases("maxblockdimx", "maxblockdimy", Limit({1, 1024}))
      .Case("maxblockdimz", Limit({1, 64}))
      .Case("maxgriddimx", Limit({1, 2147483647}))
      .Cases("maxgriddimy", "maxgriddimz", Limit({1, 65535}))
      .Cases("maxsharedmemoryperblock", "maxsharedmemperblock",
             Limit({1, 65536}))
      .Case("maxsharedmemoryperblockoptin", Limit({1, 232448}))
      .Case("warpsize", Limit({32, 64}))
      .Default(std::nullopt);
}

bool isCudaDeviceProperties(QualType T) {
  const auto *R = T->getAsRecordDecl();
  return R && R->getIdentifier() && R->getName() == "cudaDeviceProp";
}

bool isDeviceProperties(QualType T) {
  const auto *R = T->getAsRecordDecl();
  return R && R->getIdentifier() &&
         (R->getName() == "cudaDeviceProp" ||
          R->getName() == "hipDeviceProp_t" ||
          R->getName() == "hipDeviceProp_tR0600" ||
          R->getName() == "hipDeviceProp_tR0000");
}

} // namespace

std::optional<ResolvedValue> devicePropertyInput(const Expr *E,
                                                 const ASTContext &Ctx,
                                                 const LocationMapper &Locate) {
  E = E->IgnoreParenImpCasts();
  if (!E->getType()->isIntegerType())
    return std::nullopt;
  std::optional<unsigned> Index;
  const Expr *Plain = E;
  if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E)) {
    const auto *I =
        dyn_cast<IntegerLiteral>(Sub->getIdx()->IgnoreParenImpCasts());
    if (!I)
      return std::nullopt;
    Index = unsigned(I->getValue().getZExtValue());
    Plain = Sub->getBase()->IgnoreParenImpCasts();
  }
  const auto *ME = dyn_cast<MemberExpr>(Plain);
  if (!ME ||
      !isDeviceProperties(ME->getBase()->getType()->isPointerType()
                              ? ME->getBase()->getType()->getPointeeType()
                              : ME->getBase()->getType()))
    return std::nullopt;
  std::string Field = ME->getMemberDecl()->getNameAsString();
  QualType Props = ME->getBase()->getType();
  bool Cuda = Props->isPointerType()
                  ? isCudaDeviceProperties(Props->getPointeeType())
                  : isCudaDeviceProperties(Props);
  std::optional<std::pair<int64_t, int64_t>> Limit =
      deviceLimit(Field, Index, Cuda);
  if (!Limit)
    return std::nullopt;
  std::string Name = readName(E, Ctx);
  if (Limit->first == Limit->second)
    return withOrigin(ResolvedValue::constant(Limit->first),
                      Name + ", a device property the same on every CUDA GPU",
                      Locate(E->getBeginLoc()));
  IntegerBounds Type = integerBounds(E->getType(), Ctx);
  ResolvedValue R = symbolicInput(
      std::move(Name),
      "a device property, at most " + std::to_string(Limit->second) +
          " on every GPU",
      Type, Locate(E->getBeginLoc()), SymbolicNode::Source::Device);
  return symbolicWithin(R, Limit->first, Limit->second);
}

ResolvedValue writtenByRuntime(const CallExpr *Call, const VarDecl *V,
                               const ASTContext &Ctx,
                               const LocationMapper &Locate) {
  if (!V)
    return ResolvedValue::unknown("a CUDA API writes it");
  if (readsFromAStream(Call))
    return symbolicInput(V->getNameAsString(), "parsed from a stream by '>>'",
                         integerBounds(V->getType(), Ctx),
                         Locate(Call->getBeginLoc()),
                         SymbolicNode::Source::Parsed);
  std::string Callee = Call->getDirectCallee()
                           ? Call->getDirectCallee()->getNameAsString()
                           : std::string("a CUDA API");
  // The attribute asked for, when it is an enumerator.
  std::optional<std::pair<int64_t, int64_t>> Limit;
  for (const Expr *Arg : Call->arguments())
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts()))
      if (isa<EnumConstantDecl>(DRE->getDecl())) {
        Limit = attributeLimit(DRE->getDecl()->getName());
        if (Limit)
          break;
      }
  // A copy into it is what a kernel computed: a count after a scan or a
  // filter, 0 when nothing passed.
  bool Copied = !Limit && StringRef(Callee).contains("Memcpy");
  ResolvedValue R = symbolicInput(
      V->getNameAsString(),
      Limit ? "a device attribute from '" + Callee + "', at most " +
                  std::to_string(Limit->second) + " on every GPU"
      : Copied ? "copied from the GPU by '" + Callee + "' at run time"
               : "written by '" + Callee + "' at run time",
      integerBounds(V->getType(), Ctx), Locate(Call->getBeginLoc()),
      Limit    ? SymbolicNode::Source::Device
      : Copied ? SymbolicNode::Source::DeviceResult
               : SymbolicNode::Source::Read);
  if (Limit)
    return symbolicWithin(R, Limit->first, Limit->second).value_or(R);
  return R;
}

} // namespace cudalint
