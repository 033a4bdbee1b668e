//===- ReachingDefinitions.cpp - Which assignments reach a use ------------===//

#include "ReachingDefinitions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

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

std::optional<FunctionFlow::Solution>
FunctionFlow::solve(ArrayRef<Site> Sites) const {
  unsigned NumBlocks = Graph->getNumBlockIDs();
  Solution S;
  S.InBlock.resize(NumBlocks);
  for (size_t I = 0; I < Sites.size(); ++I) {
    std::optional<std::pair<unsigned, unsigned>> At = position(Sites[I].S);
    if (!At)
      return std::nullopt;
    S.InBlock[At->first].push_back({At->second, I});
  }
  for (auto &Defs : S.InBlock)
    llvm::sort(Defs);
  S.In.assign(NumBlocks, BitVector(Sites.size()));
  std::vector<BitVector> Out(NumBlocks, BitVector(Sites.size()));
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const CFGBlock *B : *Graph) {
      BitVector NewIn(Sites.size());
      for (const CFGBlock::AdjacentBlock &P : B->preds())
        if (const CFGBlock *Pred = P.getReachableBlock())
          NewIn |= Out[Pred->getBlockID()];
      BitVector NewOut = transfer(S, Sites, B->getBlockID(), NewIn, ~0u);
      if (NewIn != S.In[B->getBlockID()] || NewOut != Out[B->getBlockID()]) {
        S.In[B->getBlockID()] = std::move(NewIn);
        Out[B->getBlockID()] = std::move(NewOut);
        Changed = true;
      }
    }
  }
  return S;
}

BitVector FunctionFlow::transfer(const Solution &S, ArrayRef<Site> Sites,
                                 unsigned B, BitVector Set,
                                 unsigned End) const {
  for (const auto &[Index, Def] : S.InBlock[B]) {
    if (Index >= End)
      break;
    if (Sites[Def].K == Kind::Whole)
      Set.reset();
    Set.set(Def);
  }
  return Set;
}

static std::vector<size_t> setBits(const BitVector &Set) {
  std::vector<size_t> Result;
  for (unsigned I : Set.set_bits())
    Result.push_back(I);
  return Result;
}

std::optional<std::vector<size_t>>
FunctionFlow::reaching(ArrayRef<Site> Sites, const Stmt *Use) const {
  auto UseAt = Where.find(Use);
  if (UseAt == Where.end())
    return std::nullopt;
  std::optional<Solution> S = solve(Sites);
  if (!S)
    return std::nullopt;
  auto [Block, Index] = UseAt->second;
  return setBits(transfer(*S, Sites, Block, S->In[Block], Index));
}

std::optional<std::vector<size_t>>
FunctionFlow::reachingExit(ArrayRef<Site> Sites) const {
  std::optional<Solution> S = solve(Sites);
  if (!S)
    return std::nullopt;
  return setBits(S->In[Graph->getExit().getBlockID()]);
}

std::optional<std::pair<unsigned, unsigned>>
FunctionFlow::position(const Stmt *S) const {
  if (!S)
    return std::pair(Graph->getEntry().getBlockID(), 0u);
  auto At = Where.find(S);
  if (At == Where.end())
    return std::nullopt;
  return At->second;
}

bool FunctionFlow::reachesAlong(
    const Stmt *From, ArrayRef<const Stmt *> Kills, const Stmt *Use,
    function_ref<bool(const CFGBlock &, unsigned)> Allowed) const {
  std::optional<std::pair<unsigned, unsigned>> Start = position(From);
  auto UseAt = Where.find(Use);
  if (!Start || UseAt == Where.end())
    return false;
  // Per block, the element indices of the kills.
  DenseMap<unsigned, SmallVector<unsigned, 2>> KillsIn;
  for (const Stmt *K : Kills) {
    auto At = Where.find(K);
    if (At == Where.end())
      return false;
    KillsIn[At->second.first].push_back(At->second.second);
  }
  // Scans block B from element Begin: whether Use comes before any kill
  // (reached), and whether the value leaves the block alive.
  auto Scan = [&](unsigned B, unsigned Begin) {
    unsigned FirstKill = ~0u;
    for (unsigned K : KillsIn.lookup(B))
      if (K >= Begin)
        FirstKill = std::min(FirstKill, K);
    bool Reached = UseAt->second.first == B && UseAt->second.second >= Begin &&
                   UseAt->second.second < FirstKill;
    return std::pair(Reached, FirstKill == ~0u);
  };
  std::vector<const CFGBlock *> Work;
  BitVector Seen(Graph->getNumBlockIDs());
  auto Leave = [&](const CFGBlock &B) {
    for (unsigned I = 0; I < B.succ_size(); ++I)
      if (const CFGBlock *Next = B.succ_begin()[I].getReachableBlock();
          Next && !Seen.test(Next->getBlockID()) && Allowed(B, I)) {
        Seen.set(Next->getBlockID());
        Work.push_back(Next);
      }
  };
  // The definition itself is not a kill of its own value.
  auto [Reached, Alive] = Scan(Start->first, Start->second + (From != nullptr));
  if (Reached)
    return true;
  if (Alive)
    for (const CFGBlock *B : *Graph)
      if (B->getBlockID() == Start->first)
        Leave(*B);
  while (!Work.empty()) {
    const CFGBlock *B = Work.back();
    Work.pop_back();
    auto [Reached, Alive] = Scan(B->getBlockID(), 0);
    if (Reached)
      return true;
    if (Alive)
      Leave(*B);
  }
  return false;
}

/// What a branch decides on: the switch's subject, or the condition of a
/// two-way branch (in `if (a || b)`, a in the first block and b in the
/// second); null when it has none.
static const Expr *branchCondition(const CFGBlock &B) {
  if (const auto *Switch = dyn_cast_or_null<SwitchStmt>(B.getTerminatorStmt()))
    return Switch->getCond();
  return B.getLastCondition();
}

std::optional<std::vector<const Expr *>> FunctionFlow::branchesOnTheWay(
    const Stmt *From, ArrayRef<const Stmt *> Kills, const Stmt *Target,
    function_ref<bool(const CFGBlock &, unsigned)> Allowed, bool OnlyDecisive,
    function_ref<bool(const CFGBlock &)> Ignored) const {
  std::optional<std::pair<unsigned, unsigned>> Start = position(From);
  auto TargetAt = Where.find(Target);
  if (!Start || TargetAt == Where.end())
    return std::nullopt;
  unsigned NumBlocks = Graph->getNumBlockIDs();
  // Per block, the first kill at or after each position.
  std::vector<SmallVector<unsigned, 2>> KillsIn(NumBlocks);
  for (const Stmt *K : Kills) {
    auto At = Where.find(K);
    if (At == Where.end())
      return std::nullopt;
    KillsIn[At->second.first].push_back(At->second.second);
  }
  auto FirstKill = [&](unsigned B, unsigned Begin) {
    unsigned First = ~0u;
    for (unsigned K : KillsIn[B])
      if (K >= Begin)
        First = std::min(First, K);
    return First;
  };
  // Whether Target comes in block B from element Begin before any kill,
  // and whether the value leaves B alive.
  auto Scan = [&](unsigned B, unsigned Begin) {
    unsigned Kill = FirstKill(B, Begin);
    bool Reached = TargetAt->second.first == B &&
                   TargetAt->second.second >= Begin &&
                   TargetAt->second.second < Kill;
    return std::pair(Reached, Kill == ~0u);
  };
  std::vector<const CFGBlock *> Blocks(NumBlocks);
  for (const CFGBlock *B : *Graph)
    Blocks[B->getBlockID()] = B;
  auto Successor = [&](const CFGBlock &B, unsigned I) -> const CFGBlock * {
    const CFGBlock *Next = B.succ_begin()[I].getReachableBlock();
    return Next && Allowed(B, I) ? Next : nullptr;
  };
  // Which blocks, entered at their start, carry the value on to Target.
  BitVector Reaches(NumBlocks);
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const CFGBlock *B : *Graph) {
      unsigned Id = B->getBlockID();
      if (Reaches.test(Id))
        continue;
      auto [Reached, Alive] = Scan(Id, 0);
      bool Now = Reached;
      for (unsigned I = 0; !Now && Alive && I < B->succ_size(); ++I)
        if (const CFGBlock *Next = Successor(*B, I))
          Now = Reaches.test(Next->getBlockID());
      if (Now) {
        Reaches.set(Id);
        Changed = true;
      }
    }
  }
  std::vector<const Expr *> Found;
  // A block whose end the value reaches alive on its way to Target: its
  // branch is on the way.
  auto Branch = [&](const CFGBlock &B) {
    unsigned Ways = 0;
    bool Decisive = false;
    for (unsigned I = 0; I < B.succ_size(); ++I)
      if (const CFGBlock *Next = Successor(B, I)) {
        ++Ways;
        Decisive |= !Reaches.test(Next->getBlockID());
      }
    if (Ways >= 2 && (Decisive || !OnlyDecisive) && !(Ignored && Ignored(B)))
      Found.push_back(branchCondition(B));
  };
  std::vector<const CFGBlock *> Work;
  BitVector Seen(NumBlocks);
  auto Leave = [&](const CFGBlock &B) {
    Branch(B);
    for (unsigned I = 0; I < B.succ_size(); ++I)
      if (const CFGBlock *Next = Successor(B, I);
          Next && Reaches.test(Next->getBlockID()) &&
          !Seen.test(Next->getBlockID())) {
        Seen.set(Next->getBlockID());
        Work.push_back(Next);
      }
  };
  // The definition itself is not a kill of its own value.
  auto [Reached, Alive] = Scan(Start->first, Start->second + (From != nullptr));
  if (Reached)
    return Found;
  if (!Alive)
    return std::nullopt;
  Leave(*Blocks[Start->first]);
  if (Work.empty())
    return std::nullopt;
  while (!Work.empty()) {
    const CFGBlock *B = Work.back();
    Work.pop_back();
    auto [Reached, Alive] = Scan(B->getBlockID(), 0);
    if (!Reached && Alive)
      Leave(*B);
  }
  return Found;
}

} // namespace cudalint
