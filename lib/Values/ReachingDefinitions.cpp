//===- ReachingDefinitions.cpp - Which assignments reach a use ------------===//

#include "cudalint/Values/ReachingDefinitions.h"

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

/// S where the CFG places it: a full expression (an initialiser with
/// temporaries, `int t = std::max(n, 2048);`) and parentheses
/// (`int blocks = (1 << BITS);`) are no elements of their own, the
/// expression under them is.
static const Stmt *placed(const Stmt *S) {
  while (true) {
    if (const auto *Full = dyn_cast_or_null<FullExpr>(S))
      S = Full->getSubExpr();
    else if (const auto *Paren = dyn_cast_or_null<ParenExpr>(S))
      S = Paren->getSubExpr();
    else
      return S;
  }
}

std::optional<std::pair<unsigned, unsigned>>
FunctionFlow::at(const Stmt *S) const {
  auto It = Where.find(placed(S));
  if (It == Where.end())
    return std::nullopt;
  return It->second;
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

const std::optional<FunctionFlow::Solution> &
FunctionFlow::solved(ArrayRef<Site> Sites) const {
  std::vector<std::pair<const Stmt *, Kind>> Key;
  for (const Site &S : Sites)
    Key.push_back({S.S, S.K});
  auto [It, New] = Solved.try_emplace(std::move(Key));
  if (New)
    It->second = solve(Sites);
  return It->second;
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
  std::optional<std::pair<unsigned, unsigned>> UseAt = at(Use);
  if (!UseAt)
    return std::nullopt;
  const std::optional<Solution> &S = solved(Sites);
  if (!S)
    return std::nullopt;
  auto [Block, Index] = *UseAt;
  return setBits(transfer(*S, Sites, Block, S->In[Block], Index));
}

std::optional<std::vector<size_t>>
FunctionFlow::reachingExit(ArrayRef<Site> Sites) const {
  const std::optional<Solution> &S = solved(Sites);
  if (!S)
    return std::nullopt;
  return setBits(S->In[Graph->getExit().getBlockID()]);
}

std::optional<std::pair<unsigned, unsigned>>
FunctionFlow::position(const Stmt *S) const {
  if (!S)
    return std::pair(Graph->getEntry().getBlockID(), 0u);
  return at(S);
}

std::optional<FunctionFlow::Way>
FunctionFlow::wayOf(const Stmt *From, ArrayRef<const Stmt *> Kills,
                    const Stmt *Target) const {
  std::optional<std::pair<unsigned, unsigned>> Start = position(From);
  std::optional<std::pair<unsigned, unsigned>> TargetAt = at(Target);
  if (!Start || !TargetAt)
    return std::nullopt;
  Way W{*Start, *TargetAt, From != nullptr, {}};
  W.KillsIn.resize(Graph->getNumBlockIDs());
  for (const Stmt *K : Kills) {
    std::optional<std::pair<unsigned, unsigned>> KillAt = at(K);
    if (!KillAt)
      return std::nullopt;
    W.KillsIn[KillAt->first].push_back(KillAt->second);
  }
  return W;
}

std::pair<bool, bool> FunctionFlow::Way::scan(unsigned B,
                                              unsigned Begin) const {
  unsigned FirstKill = ~0u;
  for (unsigned K : KillsIn[B])
    if (K >= Begin)
      FirstKill = std::min(FirstKill, K);
  bool Reached =
      Target.first == B && Target.second >= Begin && Target.second < FirstKill;
  return std::pair(Reached, FirstKill == ~0u);
}

bool FunctionFlow::walk(
    const Way &W,
    function_ref<const CFGBlock *(const CFGBlock &, unsigned)> Next,
    function_ref<void(const CFGBlock &)> Leave, bool Exhaustive) const {
  std::vector<const CFGBlock *> Work;
  BitVector Seen(Graph->getNumBlockIDs());
  auto Out = [&](const CFGBlock &B) {
    Leave(B);
    for (unsigned I = 0; I < B.succ_size(); ++I)
      if (const CFGBlock *To = Next(B, I); To && !Seen.test(To->getBlockID())) {
        Seen.set(To->getBlockID());
        Work.push_back(To);
      }
  };
  // The definition itself is not a kill of its own value.
  auto [Reached, Alive] =
      W.scan(W.Start.first, W.Start.second + W.FromDefinition);
  if (Reached)
    return true;
  if (Alive)
    for (const CFGBlock *B : *Graph)
      if (B->getBlockID() == W.Start.first)
        Out(*B);
  bool Any = false;
  while (!Work.empty()) {
    const CFGBlock *B = Work.back();
    Work.pop_back();
    auto [Reached, Alive] = W.scan(B->getBlockID(), 0);
    if (Reached && !Exhaustive)
      return true;
    Any |= Reached;
    if (!Reached && Alive)
      Out(*B);
  }
  return Any;
}

static const CFGBlock *
taken(const CFGBlock &B, unsigned I,
      function_ref<bool(const CFGBlock &, unsigned)> Allowed) {
  const CFGBlock *Next = B.succ_begin()[I].getReachableBlock();
  return Next && Allowed(B, I) ? Next : nullptr;
}

bool FunctionFlow::reachesAlong(
    const Stmt *From, ArrayRef<const Stmt *> Kills, const Stmt *Use,
    function_ref<bool(const CFGBlock &, unsigned)> Allowed) const {
  std::optional<Way> W = wayOf(From, Kills, Use);
  return W && walk(
                  *W,
                  [&](const CFGBlock &B, unsigned I) {
                    return taken(B, I, Allowed);
                  },
                  [](const CFGBlock &) {}, /*Exhaustive=*/false);
}

std::vector<bool> FunctionFlow::reachedFromEntry(
    ArrayRef<const Stmt *> Targets,
    function_ref<bool(const CFGBlock &, unsigned)> Allowed) const {
  BitVector Seen(Graph->getNumBlockIDs());
  std::vector<const CFGBlock *> Work{&Graph->getEntry()};
  Seen.set(Graph->getEntry().getBlockID());
  while (!Work.empty()) {
    const CFGBlock *B = Work.back();
    Work.pop_back();
    for (unsigned I = 0; I < B->succ_size(); ++I)
      if (const CFGBlock *To = taken(*B, I, Allowed);
          To && !Seen.test(To->getBlockID())) {
        Seen.set(To->getBlockID());
        Work.push_back(To);
      }
  }
  std::vector<bool> Reached;
  for (const Stmt *T : Targets) {
    std::optional<std::pair<unsigned, unsigned>> TargetAt = at(T);
    Reached.push_back(TargetAt && Seen.test(TargetAt->first));
  }
  return Reached;
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
  std::optional<Way> W = wayOf(From, Kills, Target);
  if (!W)
    return std::nullopt;
  // Which blocks, entered at their start, carry the value on to Target.
  BitVector Reaches(Graph->getNumBlockIDs());
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const CFGBlock *B : *Graph) {
      unsigned Id = B->getBlockID();
      if (Reaches.test(Id))
        continue;
      auto [Reached, Alive] = W->scan(Id, 0);
      for (unsigned I = 0; !Reached && Alive && I < B->succ_size(); ++I)
        if (const CFGBlock *Next = taken(*B, I, Allowed))
          Reached = Reaches.test(Next->getBlockID());
      if (Reached) {
        Reaches.set(Id);
        Changed = true;
      }
    }
  }
  // Each block the value leaves alive on its way to Target: its branch is
  // on the way, and must go one way when a successor cannot reach Target.
  std::vector<const Expr *> Found;
  auto Branch = [&](const CFGBlock &B) {
    unsigned Ways = 0;
    bool Decisive = false;
    for (unsigned I = 0; I < B.succ_size(); ++I)
      if (const CFGBlock *Next = taken(B, I, Allowed)) {
        ++Ways;
        Decisive |= !Reaches.test(Next->getBlockID());
      }
    if (Ways >= 2 && (Decisive || !OnlyDecisive) && !(Ignored && Ignored(B)))
      Found.push_back(branchCondition(B));
  };
  auto OnTheWay = [&](const CFGBlock &B, unsigned I) -> const CFGBlock * {
    const CFGBlock *Next = taken(B, I, Allowed);
    return Next && Reaches.test(Next->getBlockID()) ? Next : nullptr;
  };
  if (!walk(*W, OnTheWay, Branch, /*Exhaustive=*/true))
    return std::nullopt;
  return Found;
}

std::optional<std::vector<std::pair<const CFGBlock *, unsigned>>>
FunctionFlow::guardsOnTheWay(
    const Stmt *From, ArrayRef<const Stmt *> Kills, const Stmt *Target,
    function_ref<bool(const CFGBlock &)> Wanted) const {
  std::vector<std::pair<const CFGBlock *, unsigned>> Candidates;
  auto AnyEdge = [](const CFGBlock &, unsigned) { return true; };
  // A decisive two-way branch on the way lets the value on by one side.
  auto Record = [&](const CFGBlock &B) {
    if (B.succ_size() != 2 || !Wanted(B))
      return true;
    for (unsigned Onward = 0; Onward < 2; ++Onward)
      if (!reachesAlong(From, Kills, Target,
                        [&](const CFGBlock &C, unsigned I) {
                          return &C != &B || I != Onward;
                        }))
        Candidates.push_back({&B, Onward}); // no way around that side
    return true;
  };
  if (!branchesOnTheWay(From, Kills, Target, AnyEdge, /*OnlyDecisive=*/true,
                        Record))
    return std::nullopt;
  return Candidates;
}

} // namespace cudalint
