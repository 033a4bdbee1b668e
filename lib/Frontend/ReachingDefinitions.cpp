//===- ReachingDefinitions.cpp - Which assignments reach a use ------------===//

#include "ReachingDefinitions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/BitVector.h"

using namespace clang;
using namespace llvm;

namespace cudalint {

std::unique_ptr<FunctionFlow> FunctionFlow::build(const FunctionDecl *F,
                                                  ASTContext &Ctx) {
  if (!F || !F->hasBody())
    return nullptr;
  CFG::BuildOptions Options;
  Options.setAllAlwaysAdd(); // every expression an element: uses and sites
  auto Flow = std::make_unique<FunctionFlow>();
  Flow->Graph = CFG::buildCFG(F, F->getBody(), &Ctx, Options);
  if (!Flow->Graph)
    return nullptr;
  for (const CFGBlock *B : *Flow->Graph)
    for (unsigned I = 0; I < B->size(); ++I)
      if (std::optional<CFGStmt> S = (*B)[I].getAs<CFGStmt>())
        Flow->Where.try_emplace(S->getStmt(), B->getBlockID(), I);
  return Flow;
}

std::optional<std::vector<size_t>>
FunctionFlow::reaching(ArrayRef<Site> Sites, const Stmt *Use) const {
  auto UseAt = Where.find(Use);
  if (UseAt == Where.end())
    return std::nullopt;
  // Per block, its definitions in element order.
  unsigned NumBlocks = Graph->getNumBlockIDs();
  std::vector<std::vector<std::pair<unsigned, size_t>>> InBlock(NumBlocks);
  for (size_t I = 0; I < Sites.size(); ++I) {
    auto At = Where.find(Sites[I].S);
    if (At == Where.end())
      return std::nullopt;
    InBlock[At->second.first].push_back({At->second.second, I});
  }
  for (auto &Defs : InBlock)
    llvm::sort(Defs);
  // Applies the definitions of block B before element End to Set.
  auto Transfer = [&](unsigned B, BitVector Set, unsigned End) {
    for (const auto &[Index, Def] : InBlock[B]) {
      if (Index >= End)
        break;
      if (Sites[Def].K == Kind::Whole)
        Set.reset();
      Set.set(Def);
    }
    return Set;
  };
  std::vector<BitVector> In(NumBlocks, BitVector(Sites.size()));
  std::vector<BitVector> Out(NumBlocks, BitVector(Sites.size()));
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const CFGBlock *B : *Graph) {
      BitVector NewIn(Sites.size());
      for (const CFGBlock::AdjacentBlock &P : B->preds())
        if (const CFGBlock *Pred = P.getReachableBlock())
          NewIn |= Out[Pred->getBlockID()];
      BitVector NewOut = Transfer(B->getBlockID(), NewIn, ~0u);
      if (NewIn != In[B->getBlockID()] || NewOut != Out[B->getBlockID()]) {
        In[B->getBlockID()] = std::move(NewIn);
        Out[B->getBlockID()] = std::move(NewOut);
        Changed = true;
      }
    }
  }
  auto [Block, Index] = UseAt->second;
  BitVector AtUse = Transfer(Block, In[Block], Index);
  std::vector<size_t> Result;
  for (unsigned I : AtUse.set_bits())
    Result.push_back(I);
  return Result;
}

} // namespace cudalint
