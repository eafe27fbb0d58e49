"""Recurrent layers (nn.LSTM, nn.GRU, nn.RNN): the input projection of every time step as one matmul, then the
recurrence in one persistent kernel.

cuDNN (and eager PyTorch) launches work per time step; here each program keeps its rows of the weights in
registers for the whole sequence and owns a block of hidden units (all their gates, and an LSTM's cell state,
which therefore never leaves the program). After each step the programs that depend on each other meet at a
barrier in global memory (a counter per group: release after writing the step's hidden state, acquire before
reading everybody's), so all programs of a launch must be resident at once: the host never launches more programs
than the GPU has SMs. A step's cost is mostly latency (the barrier, one read of the hidden state from L2), so:

* ``RNN_LAYERS = "stack"`` (one direction, several layers): all layers in one launch, as a wavefront. Layer l
  computes step t as soon as layer l - 1 has finished it, so the launch takes T + L - 1 steps, not T * L; layers
  after the first form their input projection in the kernel (their input is the layer below's step, just
  written). Its settings are the RNN_STACK_* tunables.
* ``"each"`` (and always for two directions, where layer l + 1 needs layer l's whole reverse pass): one launch per
  layer, both directions in it; settings RNN_PRECISION, RNN_BLOCK_J, RNN_BLOCK_K, RNN_NUM_WARPS.
"""

from __future__ import annotations

from ._base import Family

RNN = Family(
    "rnn",
    '''

@triton.jit
def _rnn_tanh(x):
    # tanh to ~1 ulp: a recurrence adds its gates' rounding error at every step (an LSTM's cell state, with
    # its forget gate saturated at 1, keeps all of it), so (1 - e) / (1 + e), whose cancellation near 0 turns
    # exp's relative error into an absolute one, is replaced there by the series (degree 19; |x| < 0.5)
    a = tl.abs(x)
    e = tl.exp(-2.0 * a)
    t = (1.0 - e) / (1.0 + e)
    t = tl.where(x >= 0, t, -t)
    x2 = x * x
    p = -443861162.0 / 1856156927625.0
    p = p * x2 + 6404582.0 / 10854718875.0
    p = p * x2 - 929569.0 / 638512875.0
    p = p * x2 + 21844.0 / 6081075.0
    p = p * x2 - 1382.0 / 155925.0
    p = p * x2 + 62.0 / 2835.0
    p = p * x2 - 17.0 / 315.0
    p = p * x2 + 2.0 / 15.0
    p = p * x2 - 1.0 / 3.0
    return tl.where(a < 0.5, x + x * x2 * p, t)


@triton.jit
def _rnn_gate(h, w, PRECISION: tl.constexpr):
    # (BLOCK_B, BLOCK_K) @ (BLOCK_J, BLOCK_K)^T in fp32: "fma" multiplies and sums on the fp32 units (any block
    # sizes); "ieee" (exact fp32), "tf32x3" (3xTF32 tensor cores) and "tf32" (one TF32 pass, as cuDNN under
    # PyTorch's default flags) go through tl.dot (blocks of 16 or more)
    if PRECISION == "fma":
        return tl.sum(h[:, None, :] * w[None, :, :], 2)
    else:
        return tl.dot(h, tl.trans(w), input_precision=PRECISION)


@triton.jit
def _rnn_weights(w_ptr, j, k, jm, H, K, N_GATES: tl.constexpr, RESIDENT: tl.constexpr):
    # rows g * H + j (columns < K) of a (N_GATES * H, K) weight, one tensor per gate, when they stay in registers
    w0 = 0.0
    w1 = 0.0
    w2 = 0.0
    w3 = 0.0
    if RESIDENT:
        idx = j[:, None] * K + k[None, :]
        msk = jm[:, None] & (k[None, :] < K)
        w0 = tl.load(w_ptr + idx, mask=msk, other=0.0)
        if N_GATES > 1:
            w1 = tl.load(w_ptr + H * K + idx, mask=msk, other=0.0)
            w2 = tl.load(w_ptr + 2 * H * K + idx, mask=msk, other=0.0)
        if N_GATES > 3:
            w3 = tl.load(w_ptr + 3 * H * K + idx, mask=msk, other=0.0)
    return w0, w1, w2, w3


@triton.jit
def _rnn_bias(b_ptr, j, jm, H, N_GATES: tl.constexpr):
    # per-gate bias rows (BLOCK_J,), loaded once per program
    b0 = tl.load(b_ptr + j, mask=jm, other=0.0)
    b1 = tl.zeros_like(b0)
    b2 = tl.zeros_like(b0)
    b3 = tl.zeros_like(b0)
    if N_GATES > 1:
        b1 = tl.load(b_ptr + H + j, mask=jm, other=0.0)
        b2 = tl.load(b_ptr + 2 * H + j, mask=jm, other=0.0)
    if N_GATES > 3:
        b3 = tl.load(b_ptr + 3 * H + j, mask=jm, other=0.0)
    return b0, b1, b2, b3


@triton.jit
def _rnn_matvec(src, s_b, w_ptr, w0, w1, w2, w3, b, j, k, bm, jm, H, K, N_GATES: tl.constexpr,
                BLOCK_B: tl.constexpr, BLOCK_J: tl.constexpr, BLOCK_K: tl.constexpr, RESIDENT: tl.constexpr,
                PRECISION: tl.constexpr):
    # gate g's src @ W[g * H + j, :]^T for the batch rows b: src[b * s_b + k] (k < K) was written by other
    # programs, so it is read with .cg (from L2, never a stale L1 line). RESIDENT: the weights are w0..w3 (K fits
    # one block); else they are read from w_ptr block by block.
    a0 = tl.zeros((BLOCK_B, BLOCK_J), tl.float32)
    a1 = tl.zeros((BLOCK_B, BLOCK_J), tl.float32)
    a2 = tl.zeros((BLOCK_B, BLOCK_J), tl.float32)
    a3 = tl.zeros((BLOCK_B, BLOCK_J), tl.float32)
    for k0 in range(0, K, BLOCK_K):
        kk = k0 + k
        kmask = kk < K
        v = tl.load(src + b[:, None] * s_b + kk[None, :], mask=bm[:, None] & kmask[None, :], other=0.0,
                    cache_modifier=".cg")
        if RESIDENT:
            a0 += _rnn_gate(v, w0, PRECISION)
            if N_GATES > 1:
                a1 += _rnn_gate(v, w1, PRECISION)
                a2 += _rnn_gate(v, w2, PRECISION)
            if N_GATES > 3:
                a3 += _rnn_gate(v, w3, PRECISION)
        else:
            idx = j[:, None] * K + kk[None, :]
            msk = jm[:, None] & kmask[None, :]
            a0 += _rnn_gate(v, tl.load(w_ptr + idx, mask=msk, other=0.0), PRECISION)
            if N_GATES > 1:
                a1 += _rnn_gate(v, tl.load(w_ptr + H * K + idx, mask=msk, other=0.0), PRECISION)
                a2 += _rnn_gate(v, tl.load(w_ptr + 2 * H * K + idx, mask=msk, other=0.0), PRECISION)
            if N_GATES > 3:
                a3 += _rnn_gate(v, tl.load(w_ptr + 3 * H * K + idx, mask=msk, other=0.0), PRECISION)
    return a0, a1, a2, a3


@triton.jit
def _rnn_update(x0, x1, x2, x3, a0, a1, a2, a3, hj, c, MODE: tl.constexpr):
    # the cell, from the input gates x (projection + b_ih) and the hidden gates a (h_prev @ W_hh^T + b_hh); hj and
    # c are this program's units of h_prev and of the LSTM cell state. Returns (h, c).
    if MODE == 0:  # tanh RNN
        h = _rnn_tanh(x0 + a0)
    elif MODE == 1:  # relu RNN
        h = tl.maximum(x0 + a0, 0.0)
    elif MODE == 2:  # LSTM, gates i f g o
        c = tl.sigmoid(x1 + a1) * c + tl.sigmoid(x0 + a0) * _rnn_tanh(x2 + a2)
        h = tl.sigmoid(x3 + a3) * _rnn_tanh(c)
    else:  # GRU, gates r z n: n = tanh(x_n + r * (h W_hn^T + b_hn))
        z = tl.sigmoid(x1 + a1)
        n = _rnn_tanh(x2 + tl.sigmoid(x0 + a0) * a2)
        h = (1.0 - z) * n + z * hj
    return h, c


@triton.jit
def _rnn_xload(row, m2, H, N_GATES: tl.constexpr):
    # the input gates of one step from the precomputed projection (gate g at row + g * H)
    x0 = tl.load(row, mask=m2, other=0.0)
    x1 = tl.zeros_like(x0)
    x2 = tl.zeros_like(x0)
    x3 = tl.zeros_like(x0)
    if N_GATES > 1:
        x1 = tl.load(row + H, mask=m2, other=0.0)
        x2 = tl.load(row + 2 * H, mask=m2, other=0.0)
    if N_GATES > 3:
        x3 = tl.load(row + 3 * H, mask=m2, other=0.0)
    return x0, x1, x2, x3


@triton.jit
def _rnn_wait(counter, target):
    # until the counter reaches target (acquire: what its programs wrote before counting is visible after this);
    # one thread polls, the program waits for it
    while tl.atomic_add(counter, 0, sem="acquire", scope="gpu") < target:
        pass


@triton.jit
def _rnn_signal(own):
    # this program's stores of the step are done (every thread), then count it (release)
    tl.debug_barrier()
    tl.atomic_add(own, 1, sem="release", scope="gpu")


@triton.jit
def _rnn_layer_kernel(xp_ptr, w_ptr, bh_ptr, h0_ptr, c0_ptr, out_ptr, hn_ptr, cn_ptr, sync_ptr,
                      T, B, H, N_PROG, B_LO, s_xt, s_xb, s_ot, s_ob, s_wd,
                      MODE: tl.constexpr, N_GATES: tl.constexpr, HAS_BIAS: tl.constexpr, BLOCK_B: tl.constexpr,
                      BLOCK_J: tl.constexpr, BLOCK_K: tl.constexpr, RESIDENT: tl.constexpr,
                      PRECISION: tl.constexpr):
    # One layer over the whole sequence. Program (d * N_PROG + p, q): direction d (1 runs backwards in time),
    # hidden units p * BLOCK_J .., batch rows B_LO + q * BLOCK_B ... xp[t * s_xt + b * s_xb + (d * N_GATES + g) * H
    # + j] holds the input projection (+ b_ih) of gate g; out[t * s_ot + b * s_ob + d * H + j] receives h_t, and is
    # where the next step reads the previous hidden state from. h0/c0/hn/cn are (directions, B, H) contiguous.
    pid = tl.program_id(0)
    d = pid // N_PROG
    j = (pid % N_PROG) * BLOCK_J + tl.arange(0, BLOCK_J)
    b = B_LO + tl.program_id(1) * BLOCK_B + tl.arange(0, BLOCK_B)
    k = tl.arange(0, BLOCK_K)
    jm = j < H
    bm = b < B
    m2 = bm[:, None] & jm[None, :]
    sync = sync_ptr + d * tl.num_programs(1) + tl.program_id(1)  # one counter per direction and batch block
    w_ptr += d * s_wd
    w0, w1, w2, w3 = _rnn_weights(w_ptr, j, k, jm, H, H, N_GATES, RESIDENT)
    bh0 = tl.zeros((BLOCK_J,), tl.float32)
    bh1 = bh0
    bh2 = bh0
    bh3 = bh0
    if HAS_BIAS:
        bh0, bh1, bh2, bh3 = _rnn_bias(bh_ptr + d * N_GATES * H, j, jm, H, N_GATES)
    state = d * B * H + b[:, None] * H + j[None, :]
    hj = tl.load(h0_ptr + state, mask=m2, other=0.0)
    c = tl.zeros((BLOCK_B, BLOCK_J), tl.float32)
    if MODE == 2:
        c = tl.load(c0_ptr + state, mask=m2, other=0.0)
    x_cols = b[:, None] * s_xb + d * N_GATES * H + j[None, :]
    o_cols = b[:, None] * s_ob + d * H + j[None, :]
    t = (d * (T - 1)).to(tl.int64)
    x0, x1, x2, x3 = _rnn_xload(xp_ptr + t * s_xt + x_cols, m2, H, N_GATES)
    for step in range(0, T):
        t = (step + d * (T - 1 - 2 * step)).to(tl.int64)  # the time this step computes (backwards for d = 1)
        if step == 0:  # the previous hidden state: h0, then the output at the previous time
            a0, a1, a2, a3 = _rnn_matvec(h0_ptr + d * B * H, H, w_ptr, w0, w1, w2, w3, b, j, k, bm, jm, H, H,
                                         N_GATES, BLOCK_B, BLOCK_J, BLOCK_K, RESIDENT, PRECISION)
        else:
            a0, a1, a2, a3 = _rnn_matvec(out_ptr + (t - 1 + 2 * d) * s_ot + d * H, s_ob, w_ptr, w0, w1, w2, w3, b,
                                         j, k, bm, jm, H, H, N_GATES, BLOCK_B, BLOCK_J, BLOCK_K, RESIDENT,
                                         PRECISION)
        hj, c = _rnn_update(x0, x1, x2, x3, a0 + bh0[None, :], a1 + bh1[None, :], a2 + bh2[None, :],
                            a3 + bh3[None, :], hj, c, MODE)
        tl.store(out_ptr + t * s_ot + o_cols, hj, mask=m2)
        # the next step's input gates, read before waiting (they do not depend on the other programs)
        t_next = (tl.minimum(step + 1, T - 1) + d * (T - 1 - 2 * tl.minimum(step + 1, T - 1))).to(tl.int64)
        x0, x1, x2, x3 = _rnn_xload(xp_ptr + t_next * s_xt + x_cols, m2, H, N_GATES)
        _rnn_signal(sync)
        _rnn_wait(sync, (step + 1) * N_PROG)
    tl.store(hn_ptr + state, hj, mask=m2)
    if MODE == 2:
        tl.store(cn_ptr + state, c, mask=m2)


@triton.jit
def _rnn_stack_kernel(xp_ptr, wi_ptr, bi_ptr, wh_ptr, bh_ptr, h0_ptr, c0_ptr, ws_ptr, hn_ptr, cn_ptr, sync_ptr,
                      T, B, H, N_PROG, B_LO, s_xt, s_xb, s_ol, s_ot, s_ob,
                      MODE: tl.constexpr, N_GATES: tl.constexpr, HAS_BIAS: tl.constexpr, BLOCK_B: tl.constexpr,
                      BLOCK_J: tl.constexpr, BLOCK_K: tl.constexpr, RESIDENT: tl.constexpr,
                      PRECISION: tl.constexpr):
    # Every layer of a one-direction stack, as a wavefront. Program (l * N_PROG + p, q): layer l, hidden units
    # p * BLOCK_J .., batch rows B_LO + q * BLOCK_B ... Layer 0's input gates come from xp (as in _rnn_layer_kernel);
    # layer l > 0 forms them from ws[l - 1] (its input: the layer below's h_t) with wi[l - 1] (W_ih) and bi[l - 1].
    # ws[l, t, b] = h_t of layer l (offset l * s_ol + t * s_ot + b * s_ob); wh, bh: every layer's W_hh, b_hh.
    # Step t of layer l waits for step t - 1 of its own layer and step t of the layer below.
    pid = tl.program_id(0)
    layer = pid // N_PROG
    j = (pid % N_PROG) * BLOCK_J + tl.arange(0, BLOCK_J)
    b = B_LO + tl.program_id(1) * BLOCK_B + tl.arange(0, BLOCK_B)
    k = tl.arange(0, BLOCK_K)
    jm = j < H
    bm = b < B
    m2 = bm[:, None] & jm[None, :]
    nq = tl.num_programs(1)
    own = sync_ptr + layer * nq + tl.program_id(1)  # one counter per layer and batch block
    dep = sync_ptr + tl.maximum(layer - 1, 0) * nq + tl.program_id(1)
    wl = tl.maximum(layer - 1, 0).to(tl.int64)  # layer 0 has no in-kernel projection: any valid rows do
    wi_ptr += wl * N_GATES * H * H
    wh_ptr += layer.to(tl.int64) * N_GATES * H * H
    u0, u1, u2, u3 = _rnn_weights(wi_ptr, j, k, jm, H, H, N_GATES, RESIDENT)
    w0, w1, w2, w3 = _rnn_weights(wh_ptr, j, k, jm, H, H, N_GATES, RESIDENT)
    bi0 = tl.zeros((BLOCK_J,), tl.float32)
    bi1 = bi0
    bi2 = bi0
    bi3 = bi0
    bh0 = bi0
    bh1 = bi0
    bh2 = bi0
    bh3 = bi0
    if HAS_BIAS:
        bi0, bi1, bi2, bi3 = _rnn_bias(bi_ptr + wl * N_GATES * H, j, jm, H, N_GATES)
        bh0, bh1, bh2, bh3 = _rnn_bias(bh_ptr + layer * N_GATES * H, j, jm, H, N_GATES)
    state = layer * B * H + b[:, None] * H + j[None, :]
    hj = tl.load(h0_ptr + state, mask=m2, other=0.0)
    c = tl.zeros((BLOCK_B, BLOCK_J), tl.float32)
    if MODE == 2:
        c = tl.load(c0_ptr + state, mask=m2, other=0.0)
    x_cols = b[:, None] * s_xb + j[None, :]
    ws_l = ws_ptr + layer.to(tl.int64) * s_ol
    o_cols = b[:, None] * s_ob + j[None, :]
    for t in range(0, T):
        # step t of the layer below (usually ahead: one poll) and step t - 1 of this layer are written
        if layer > 0:
            _rnn_wait(dep, (t + 1) * N_PROG)
        _rnn_wait(own, t * N_PROG)
        t64 = tl.cast(t, tl.int64)
        if layer == 0:
            x0, x1, x2, x3 = _rnn_xload(xp_ptr + t64 * s_xt + x_cols, m2, H, N_GATES)
        else:
            x0, x1, x2, x3 = _rnn_matvec(ws_l - s_ol + t64 * s_ot, s_ob, wi_ptr, u0, u1, u2, u3, b, j, k, bm, jm,
                                         H, H, N_GATES, BLOCK_B, BLOCK_J, BLOCK_K, RESIDENT, PRECISION)
            x0 += bi0[None, :]
            x1 += bi1[None, :]
            x2 += bi2[None, :]
            x3 += bi3[None, :]
        if t == 0:
            a0, a1, a2, a3 = _rnn_matvec(h0_ptr + layer * B * H, H, wh_ptr, w0, w1, w2, w3, b, j, k, bm, jm, H, H,
                                         N_GATES, BLOCK_B, BLOCK_J, BLOCK_K, RESIDENT, PRECISION)
        else:
            a0, a1, a2, a3 = _rnn_matvec(ws_l + (t64 - 1) * s_ot, s_ob, wh_ptr, w0, w1, w2, w3, b, j, k, bm, jm,
                                         H, H, N_GATES, BLOCK_B, BLOCK_J, BLOCK_K, RESIDENT, PRECISION)
        hj, c = _rnn_update(x0, x1, x2, x3, a0 + bh0[None, :], a1 + bh1[None, :], a2 + bh2[None, :],
                            a3 + bh3[None, :], hj, c, MODE)
        tl.store(ws_l + t64 * s_ot + o_cols, hj, mask=m2)
        _rnn_signal(own)
    tl.store(hn_ptr + state, hj, mask=m2)
    if MODE == 2:
        tl.store(cn_ptr + state, c, mask=m2)


_RNN_MODES = {"RNN_TANH": (0, 1), "RNN_RELU": (1, 1), "LSTM": (2, 4), "GRU": (3, 3)}
_RNN_BASE = {"RNN_TANH": nn.RNN, "RNN_RELU": nn.RNN, "LSTM": nn.LSTM, "GRU": nn.GRU}


def _rnn_fits(x, hx, mod):
    """True when the kernels cover this call: a batched fp32 tensor, no projection, no dropout between layers."""
    if mod.mode not in _RNN_MODES or not isinstance(x, torch.Tensor) or x.dim() != 3 or x.dtype != torch.float32:
        return False
    if getattr(mod, "proj_size", 0) or (mod.training and mod.dropout > 0 and mod.num_layers > 1):
        return False
    if any(w.dtype != torch.float32 or w.device != x.device for w in mod._flat_weights):
        return False
    states = hx if isinstance(hx, tuple) else (hx,)
    return all(s is None or (isinstance(s, torch.Tensor) and s.dim() == 3 and s.dtype == torch.float32)
               for s in states)


def _rnn_settings(stack):
    """(precision, units per program, hidden-state chunk, warps) of the stacked or the per-layer kernel: each has
    its own tunables (RNN_STACK_* and RNN_*), their best settings differ."""
    if stack:
        return RNN_STACK_PRECISION, RNN_STACK_BLOCK_J, RNN_STACK_BLOCK_K, RNN_STACK_NUM_WARPS
    return RNN_PRECISION, RNN_BLOCK_J, RNN_BLOCK_K, RNN_NUM_WARPS


def _rnn_blocks(h, batch, groups, device, precision, block_j, block_k):
    """(BLOCK_B, BLOCK_J, BLOCK_K, programs per group), the tunables made to fit. Dot precisions need blocks of
    16; the interpreter runs programs one after another, so there one program per group does all units (a
    barrier with several would never open); on a GPU every program of a launch must be resident, so ``groups``
    groups (directions, or layers of a stack) of one batch block never take more programs than it has SMs."""
    dot = precision != "fma"
    hp = _next_pow2(h)
    block_b = max(16 if dot else 1, min(_next_pow2(batch), RNN_BLOCK_B))
    block_j = max(16 if dot else 1, min(block_j, hp))
    if _RNN_INTERPRETED:
        block_j = max(block_j, hp)
    sms = _sm_count(device)
    while block_j < hp and groups * _cdiv(h, block_j) > sms:
        block_j *= 2
    block_k = max(16 if dot else 1, min(block_k, hp))
    return block_b, block_j, block_k, _cdiv(h, block_j)


def _rnn_params(mod, named, layer, dirs):
    """(W_ih, W_hh, b_ih, b_hh) of a layer (``named``: the module's weights by name), both directions stacked when
    there are two (biases None without)."""
    names = ["weight_ih", "weight_hh"] + (["bias_ih", "bias_hh"] if mod.bias else [])
    per_dir = [[named[f"{n}_l{layer}{sfx}"] for n in names] for sfx in ("", "_reverse")[:dirs]]
    if dirs == 1:
        out = per_dir[0]
    else:  # both directions in one matmul and one launch
        out = [torch.cat((per_dir[0][0], per_dir[1][0])), torch.stack((per_dir[0][1], per_dir[1][1]))]
        if mod.bias:
            out += [torch.cat((per_dir[0][2], per_dir[1][2])), torch.cat((per_dir[0][3], per_dir[1][3]))]
    return (out[0], out[1].contiguous(), *(out[2:] if mod.bias else (None, None)))


def _rnn(x, hx, mod):
    """The forward of nn.LSTM / nn.GRU / nn.RNN ``mod`` with its own parameters: (output, h_n) or, for an LSTM,
    (output, (h_n, c_n)). Calls the kernels do not cover (packed or unbatched input, dropout between layers while
    training, projections, other dtypes) run the module's own forward."""
    if not _rnn_fits(x, hx, mod):
        return _RNN_BASE[mod.mode].forward(mod, x, hx)
    mode, n_gates = _RNN_MODES[mod.mode]
    h_size, layers, dirs = mod.hidden_size, mod.num_layers, 2 if mod.bidirectional else 1
    batch, steps = (x.shape[0], x.shape[1]) if mod.batch_first else (x.shape[1], x.shape[0])
    h0, c0 = hx if isinstance(hx, tuple) else (hx, None)
    shape = (layers * dirs, batch, h_size)
    h0 = torch.zeros(shape, dtype=x.dtype, device=x.device) if h0 is None else h0.contiguous()
    if mode == 2:
        c0 = torch.zeros(shape, dtype=x.dtype, device=x.device) if c0 is None else c0.contiguous()
    hn = torch.empty(shape, dtype=x.dtype, device=x.device)
    cn = torch.empty(shape, dtype=x.dtype, device=x.device) if mode == 2 else hn
    stack = dirs == 1 and layers > 1 and RNN_LAYERS == "stack"
    groups = layers if stack else dirs
    precision, bj, bk, warps = _rnn_settings(stack)
    block_b, block_j, block_k, n_prog = _rnn_blocks(h_size, batch, groups, x.device, precision, bj, bk)
    if stack and groups * n_prog > _sm_count(x.device):  # more layers than SMs: one launch per layer
        stack, groups = False, dirs
        precision, bj, bk, warps = _rnn_settings(False)
        block_b, block_j, block_k, n_prog = _rnn_blocks(h_size, batch, dirs, x.device, precision, bj, bk)
    n_bb = _cdiv(batch, block_b)
    per_launch = n_bb if _RNN_INTERPRETED else max(1, _sm_count(x.device) // (groups * n_prog))
    sync = torch.zeros((layers if stack else layers * dirs) * n_bb, dtype=torch.int32, device=x.device)
    meta = dict(MODE=mode, N_GATES=n_gates, BLOCK_B=block_b, BLOCK_J=block_j, BLOCK_K=block_k,
                RESIDENT=block_k >= h_size, PRECISION=precision, num_warps=warps)

    def x_strides(n):  # (time, batch) strides of a (batch * steps, n) projection in the input's row order
        return (n, steps * n) if mod.batch_first else (batch * n, n)

    def out_buffer(*lead):
        return torch.empty((*lead, batch, steps, dirs * h_size) if mod.batch_first
                           else (*lead, steps, batch, dirs * h_size), dtype=x.dtype, device=x.device)

    def o_strides(out):  # (time, batch) strides
        return (out.stride(-2), out.stride(-3)) if mod.batch_first else (out.stride(-3), out.stride(-2))

    named = dict(zip(mod._flat_weights_names, mod._flat_weights))
    if stack:
        per = [_rnn_params(mod, named, layer, 1) for layer in range(layers)]
        w_ih0, _, b_ih0, _ = per[0]
        wi = torch.stack([p[0] for p in per[1:]])
        wh = torch.stack([p[1] for p in per])
        bi = torch.stack([p[2] for p in per[1:]]) if mod.bias else wi
        bh = torch.stack([p[3] for p in per]) if mod.bias else wh
        xp = _linear(x.reshape(batch * steps, x.shape[-1]), w_ih0, b_ih0)
        ws = out_buffer(layers)
        s_ot, s_ob = o_strides(ws)
        for q0 in range(0, n_bb, per_launch):
            grid = (layers * n_prog, min(per_launch, n_bb - q0))
            _rnn_stack_kernel[grid](xp, wi, bi, wh, bh, h0, c0 if mode == 2 else h0, ws, hn, cn,
                                    sync[q0 * layers:], steps, batch, h_size, n_prog, q0 * block_b,
                                    *x_strides(xp.shape[1]), ws.stride(0), s_ot, s_ob,
                                    HAS_BIAS=mod.bias, **meta)
        out = ws[layers - 1]
        return (out, (hn, cn)) if mode == 2 else (out, hn)
    inp = x
    for layer in range(layers):
        w_ih, w_hh, b_ih, b_hh = _rnn_params(mod, named, layer, dirs)
        xp = _linear(inp.reshape(batch * steps, inp.shape[-1]), w_ih, b_ih)
        out = out_buffer()
        lo = layer * dirs
        for q0 in range(0, n_bb, per_launch):  # groups beyond what the GPU holds at once: one launch per share
            grid = (dirs * n_prog, min(per_launch, n_bb - q0))
            _rnn_layer_kernel[grid](
                xp, w_hh, w_hh if b_hh is None else b_hh, h0[lo:lo + dirs], c0[lo:lo + dirs] if mode == 2 else h0,
                out, hn[lo:lo + dirs], cn[lo:lo + dirs], sync[(layer * n_bb + q0) * dirs:], steps, batch, h_size,
                n_prog, q0 * block_b, *x_strides(xp.shape[1]), *o_strides(out),
                n_gates * h_size * h_size if dirs == 2 else 0, HAS_BIAS=b_hh is not None, **meta)
        inp = out
    return (inp, (hn, cn)) if mode == 2 else (inp, hn)


# the interpreter (TRITON_INTERPRET=1) runs a launch's programs one after another: no cross-program barrier
_RNN_INTERPRETED = type(_rnn_layer_kernel).__name__ == "InterpretedFunction"
''',
    # defaults from the H200 screens of 2026-12-01 (benchmarks/starter_configs.py, docs/tuning.md):
    # the stacked kernel (one direction): 3xTF32 dots, the hidden state read 64 units at a time, 8 warps, the
    # fastest on L3/35 (a 6-layer LSTM: 14.7 ms; 33-71 ms for FMA or exact-fp32 dots or one launch per layer), 11.3
    # ms on L3/39 (GRU; 8.5 ms with 4 warps, not measured on the LSTM). The per-layer kernel (two directions): fp32
    # FMAs on 4 units per program, the whole hidden state per step, weights in registers, 4 warps, the fastest on
    # L3/38 (27.0 ms; 3xTF32: 39.5 ms) and L3/41 (21.1 ms; 3xTF32: 29.0 ms).
    {"RNN_LAYERS": "stack", "RNN_BLOCK_B": 16,
     "RNN_STACK_PRECISION": "tf32x3", "RNN_STACK_BLOCK_J": 16, "RNN_STACK_BLOCK_K": 64, "RNN_STACK_NUM_WARPS": 8,
     "RNN_PRECISION": "fma", "RNN_BLOCK_J": 4, "RNN_BLOCK_K": 256, "RNN_NUM_WARPS": 4},
    {
        "RNN_LAYERS": ["stack", "each"],
        "RNN_BLOCK_B": [16, 32, 64],
        "RNN_STACK_PRECISION": ["tf32", "tf32x3", "ieee", "fma"],
        "RNN_STACK_BLOCK_J": [16, 32, 64],
        "RNN_STACK_BLOCK_K": [32, 64, 128, 256],
        "RNN_STACK_NUM_WARPS": [2, 4, 8, 16],
        "RNN_PRECISION": ["tf32", "fma", "tf32x3", "ieee"],
        "RNN_BLOCK_J": [4, 8, 16, 32, 64],
        "RNN_BLOCK_K": [32, 64, 128, 256, 512],
        "RNN_NUM_WARPS": [2, 4, 8, 16],
    },
    {},
    # plain TF32 dots (one tensor-core pass, inputs rounded to 10 mantissa bits): what cuDNN's RNNs compute under
    # PyTorch's default flags, so the search tries it only under the kernelbench protocol, whose reference runs them
    # so; under strict the truth is fp32 (the judge still decides either way, by the tolerance)
    {"RNN_STACK_PRECISION": {"tf32": ("kernelbench",)}, "RNN_PRECISION": {"tf32": ("kernelbench",)}},
)
