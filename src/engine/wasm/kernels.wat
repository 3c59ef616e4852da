;; Attention Lab WebAssembly kernels (f32x4 SIMD): packing, a register-blocked GEMM, a masked softmax, LayerNorm and
;; the feed-forward activations (ReLU, exact GELU, tanh GELU).
;; Built by `npm run build:wasm` into kernels.generated.ts; src/engine/wasm/fastAttention.ts and fastLayers.ts drive
;; them.
;;
;; Conventions
;; - Every pointer is a byte offset into the one exported linear memory; sizes and strides (ld*) count floats.
;; - Matrices are row-major: element (r, c) of a matrix at P with row stride ld is at P + 4·(r·ld + c).
;; - A "packed B" holds a k×n matrix as ceil(n/8) panels of 8 columns; panel q is k rows of 8 floats
;;   (B[p][8q .. 8q+7], zero past column n−1) at Bp + 32·(q·k + p). The GEMM streams one panel with two
;;   aligned v128 loads per step instead of gathering a column.
;; - Bytes 0..63 are scratch for partial tile stores; the JS allocator never hands them out.
(module
  (memory (export "memory") 1)

  ;; Stores the first $cnt lanes (1 ≤ $cnt; 8 or more means all 8) of v0 ‖ v1 at $dst.
  ;; Used only at the right/bottom edges of a GEMM, so its call and scalar loop cost nothing in the hot path.
  (func $store8 (param $dst i32) (param $v0 v128) (param $v1 v128) (param $cnt i32)
    (local $i i32)
    (if (i32.ge_u (local.get $cnt) (i32.const 8))
      (then
        (v128.store offset=0 (local.get $dst) (local.get $v0))
        (v128.store offset=16 (local.get $dst) (local.get $v1))
        (return)))
    (v128.store offset=0 (i32.const 0) (local.get $v0))
    (v128.store offset=16 (i32.const 0) (local.get $v1))
    (loop $l
      (f32.store
        (i32.add (local.get $dst) (i32.shl (local.get $i) (i32.const 2)))
        (f32.load (i32.shl (local.get $i) (i32.const 2))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br_if $l (i32.lt_u (local.get $i) (local.get $cnt)))))

  ;; Packs B (k×n, row stride $ld) at $src into panels at $dst (see "packed B" above).
  ;; In a partial last panel it reads, and discards, up to 7 floats past column n − 1 of each row (the allocator
  ;; pads every block, so this stays inside memory the engine owns).
  (func (export "pack_b") (param $src i32) (param $ld i32) (param $k i32) (param $n i32) (param $dst i32)
    (local $j i32) (local $p i32) (local $c i32) (local $rowp i32) (local $left i32)
    (if (i32.or (i32.eqz (local.get $k)) (i32.eqz (local.get $n))) (then (return)))
    (loop $jl
      (local.set $left (i32.sub (local.get $n) (local.get $j)))
      (local.set $p (i32.const 0))
      (loop $pl
        ;; $rowp → B[p][j]
        (local.set $rowp
          (i32.add (local.get $src)
            (i32.shl (i32.add (i32.mul (local.get $p) (local.get $ld)) (local.get $j)) (i32.const 2))))
        (if (i32.ge_u (local.get $left) (i32.const 8))
          (then
            (v128.store offset=0 (local.get $dst) (v128.load offset=0 (local.get $rowp)))
            (v128.store offset=16 (local.get $dst) (v128.load offset=16 (local.get $rowp))))
          (else
            (local.set $c (i32.const 0))
            (loop $cl
              (f32.store
                (i32.add (local.get $dst) (i32.shl (local.get $c) (i32.const 2)))
                (select
                  (f32.load (i32.add (local.get $rowp) (i32.shl (local.get $c) (i32.const 2))))
                  (f32.const 0)
                  (i32.lt_u (local.get $c) (local.get $left))))
              (local.set $c (i32.add (local.get $c) (i32.const 1)))
              (br_if $cl (i32.lt_u (local.get $c) (i32.const 8))))))
        (local.set $dst (i32.add (local.get $dst) (i32.const 32)))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br_if $pl (i32.lt_u (local.get $p) (local.get $k))))
      (local.set $j (i32.add (local.get $j) (i32.const 8)))
      (br_if $jl (i32.lt_u (local.get $j) (local.get $n)))))

  ;; Packs B = Sᵀ, where S (n×k, row stride $ld) is at $src, into panels at $dst: B[p][j] = S[j][p].
  ;; This is Kᵀ for QKᵀ and Wᵀ for x·Wᵀ with a PyTorch weight W (out × in).
  (func (export "pack_bt") (param $src i32) (param $ld i32) (param $k i32) (param $n i32) (param $dst i32)
    (local $j i32) (local $p i32) (local $c i32) (local $col i32) (local $ldb i32) (local $colp i32)
    (if (i32.or (i32.eqz (local.get $k)) (i32.eqz (local.get $n))) (then (return)))
    (local.set $ldb (i32.shl (local.get $ld) (i32.const 2)))
    (loop $jl
      ;; column c of the panel reads row j + c of S; columns past n − 1 are zero
      (local.set $c (i32.const 0))
      (loop $cl
        (local.set $col (i32.add (local.get $j) (local.get $c)))
        (local.set $colp (i32.add (local.get $src) (i32.mul (local.get $col) (local.get $ldb))))
        (local.set $p (i32.const 0))
        (loop $pl
          (f32.store
            (i32.add (local.get $dst)
              (i32.shl (i32.add (i32.shl (local.get $p) (i32.const 3)) (local.get $c)) (i32.const 2)))
            (if (result f32) (i32.lt_u (local.get $col) (local.get $n))
              (then (f32.load (i32.add (local.get $colp) (i32.shl (local.get $p) (i32.const 2)))))
              (else (f32.const 0))))
          (local.set $p (i32.add (local.get $p) (i32.const 1)))
          (br_if $pl (i32.lt_u (local.get $p) (local.get $k))))
        (local.set $c (i32.add (local.get $c) (i32.const 1)))
        (br_if $cl (i32.lt_u (local.get $c) (i32.const 8))))
      (local.set $dst (i32.add (local.get $dst) (i32.shl (local.get $k) (i32.const 5))))
      (local.set $j (i32.add (local.get $j) (i32.const 8)))
      (br_if $jl (i32.lt_u (local.get $j) (local.get $n)))))

  ;; C (m×n, row stride $ldc) = A (m×k, row stride $lda) · B (packed, k×n) + bias (n floats; $bias = 0 for none).
  ;; Register blocking: a 4×8 tile of C lives in 8 f32x4 accumulators while p runs over k, so each step is
  ;; 2 loads of B, 4 splat loads of A and 8 mul + 8 add, and C is written once per tile.
  ;; Why 4×8 and one step per iteration: V8 has 15 xmm registers for wasm; 8 accumulators + 2 B vectors + a splat
  ;; + a product fit, a 5×8 or 6×8 tile does not and spills (measured at ~half the speed). Unrolling p by 4 by
  ;; hand also made TurboFan hoist the loads of all four steps and spill (~30% slower); TurboFan peels the
  ;; plain loop itself.
  ;; Rows past m − 1 read row m − 1 again (valid memory) and are not stored.
  ;; Reads up to 7 floats past the end of $bias (the allocator pads every block).
  (func (export "gemm")
    (param $m i32) (param $n i32) (param $k i32)
    (param $a i32) (param $lda i32) (param $bp i32)
    (param $c i32) (param $ldc i32) (param $bias i32)
    (local $i i32) (local $j i32) (local $p i32)
    (local $a0 i32) (local $a1 i32) (local $a2 i32) (local $a3 i32) (local $b i32)
    (local $panel i32) (local $ldab i32) (local $ldcb i32) (local $cnt i32) (local $crow i32) (local $last i32)
    (local $c00 v128) (local $c01 v128) (local $c10 v128) (local $c11 v128) (local $c20 v128) (local $c21 v128) (local $c30 v128) (local $c31 v128)
    (local $init0 v128) (local $init1 v128) (local $b0 v128) (local $b1 v128) (local $av v128)
    (if (i32.or (i32.eqz (local.get $m)) (i32.eqz (local.get $n))) (then (return)))
    (local.set $ldab (i32.shl (local.get $lda) (i32.const 2)))
    (local.set $ldcb (i32.shl (local.get $ldc) (i32.const 2)))
    (local.set $last (i32.add (local.get $a) (i32.mul (i32.sub (local.get $m) (i32.const 1)) (local.get $ldab))))
    (local.set $panel (local.get $bp))
    (loop $jl
      (if (local.get $bias)
        (then
          (local.set $init0 (v128.load offset=0 (i32.add (local.get $bias) (i32.shl (local.get $j) (i32.const 2)))))
          (local.set $init1 (v128.load offset=16 (i32.add (local.get $bias) (i32.shl (local.get $j) (i32.const 2))))))
        (else
          (local.set $init0 (v128.const f32x4 0 0 0 0))
          (local.set $init1 (v128.const f32x4 0 0 0 0))))
      (local.set $cnt (i32.sub (local.get $n) (local.get $j)))
      (local.set $i (i32.const 0))
      (loop $il
        (local.set $a0 (i32.add (local.get $a) (i32.mul (local.get $i) (local.get $ldab))))
        (local.set $a1 (i32.add (local.get $a0) (local.get $ldab)))
        (local.set $a1 (select (local.get $a1) (local.get $last) (i32.le_u (local.get $a1) (local.get $last))))
        (local.set $a2 (i32.add (local.get $a1) (local.get $ldab)))
        (local.set $a2 (select (local.get $a2) (local.get $last) (i32.le_u (local.get $a2) (local.get $last))))
        (local.set $a3 (i32.add (local.get $a2) (local.get $ldab)))
        (local.set $a3 (select (local.get $a3) (local.get $last) (i32.le_u (local.get $a3) (local.get $last))))
        (local.set $c00 (local.get $init0)) (local.set $c01 (local.get $init1))
        (local.set $c10 (local.get $init0)) (local.set $c11 (local.get $init1))
        (local.set $c20 (local.get $init0)) (local.set $c21 (local.get $init1))
        (local.set $c30 (local.get $init0)) (local.set $c31 (local.get $init1))
        (local.set $b (local.get $panel))
        (local.set $p (i32.const 0))
        (if (local.get $k)
          (then
            (loop $pl
              (local.set $b0 (v128.load offset=0 (local.get $b)))
              (local.set $b1 (v128.load offset=16 (local.get $b)))
              (local.set $av (v128.load32_splat (local.get $a0)))
              (local.set $c00 (f32x4.add (local.get $c00) (f32x4.mul (local.get $av) (local.get $b0))))
              (local.set $c01 (f32x4.add (local.get $c01) (f32x4.mul (local.get $av) (local.get $b1))))
              (local.set $av (v128.load32_splat (local.get $a1)))
              (local.set $c10 (f32x4.add (local.get $c10) (f32x4.mul (local.get $av) (local.get $b0))))
              (local.set $c11 (f32x4.add (local.get $c11) (f32x4.mul (local.get $av) (local.get $b1))))
              (local.set $av (v128.load32_splat (local.get $a2)))
              (local.set $c20 (f32x4.add (local.get $c20) (f32x4.mul (local.get $av) (local.get $b0))))
              (local.set $c21 (f32x4.add (local.get $c21) (f32x4.mul (local.get $av) (local.get $b1))))
              (local.set $av (v128.load32_splat (local.get $a3)))
              (local.set $c30 (f32x4.add (local.get $c30) (f32x4.mul (local.get $av) (local.get $b0))))
              (local.set $c31 (f32x4.add (local.get $c31) (f32x4.mul (local.get $av) (local.get $b1))))
              (local.set $a0 (i32.add (local.get $a0) (i32.const 4)))
              (local.set $a1 (i32.add (local.get $a1) (i32.const 4)))
              (local.set $a2 (i32.add (local.get $a2) (i32.const 4)))
              (local.set $a3 (i32.add (local.get $a3) (i32.const 4)))
              (local.set $b (i32.add (local.get $b) (i32.const 32)))
              (local.set $p (i32.add (local.get $p) (i32.const 1)))
              (br_if $pl (i32.lt_u (local.get $p) (local.get $k))))))
        (local.set $crow
          (i32.add (local.get $c)
            (i32.add (i32.mul (local.get $i) (local.get $ldcb)) (i32.shl (local.get $j) (i32.const 2)))))
        (if (i32.and
              (i32.ge_u (local.get $cnt) (i32.const 8))
              (i32.le_u (i32.add (local.get $i) (i32.const 4)) (local.get $m)))
          (then
            (v128.store offset=0 (local.get $crow) (local.get $c00))
            (v128.store offset=16 (local.get $crow) (local.get $c01))
            (local.set $crow (i32.add (local.get $crow) (local.get $ldcb)))
            (v128.store offset=0 (local.get $crow) (local.get $c10))
            (v128.store offset=16 (local.get $crow) (local.get $c11))
            (local.set $crow (i32.add (local.get $crow) (local.get $ldcb)))
            (v128.store offset=0 (local.get $crow) (local.get $c20))
            (v128.store offset=16 (local.get $crow) (local.get $c21))
            (local.set $crow (i32.add (local.get $crow) (local.get $ldcb)))
            (v128.store offset=0 (local.get $crow) (local.get $c30))
            (v128.store offset=16 (local.get $crow) (local.get $c31)))
          (else
            (call $store8 (local.get $crow) (local.get $c00) (local.get $c01) (local.get $cnt))
            (if (i32.lt_u (i32.add (local.get $i) (i32.const 1)) (local.get $m))
              (then (call $store8 (i32.add (local.get $crow) (i32.mul (local.get $ldcb) (i32.const 1)))
                (local.get $c10) (local.get $c11) (local.get $cnt))))
            (if (i32.lt_u (i32.add (local.get $i) (i32.const 2)) (local.get $m))
              (then (call $store8 (i32.add (local.get $crow) (i32.mul (local.get $ldcb) (i32.const 2)))
                (local.get $c20) (local.get $c21) (local.get $cnt))))
            (if (i32.lt_u (i32.add (local.get $i) (i32.const 3)) (local.get $m))
              (then (call $store8 (i32.add (local.get $crow) (i32.mul (local.get $ldcb) (i32.const 3)))
                (local.get $c30) (local.get $c31) (local.get $cnt))))))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (br_if $il (i32.lt_u (local.get $i) (local.get $m))))
      (local.set $panel (i32.add (local.get $panel) (i32.shl (local.get $k) (i32.const 5))))
      (local.set $j (i32.add (local.get $j) (i32.const 8)))
      (br_if $jl (i32.lt_u (local.get $j) (local.get $n)))))


  ;; exp(x) for x ≤ 0, lane-wise (Cephes expf: x = n·ln2 + r, |r| ≤ ln2/2, a degree-5 polynomial in r for e^r, times 2^n).
  ;; Relative error ~1e-7. Inputs below −87 are clamped there, so 2^n stays a normal float (~1e-38, not 0).
  ;; The softmax inlines the same steps in its hot loop; this copy serves the row tails.
  (func $exp4 (param $x v128) (result v128)
    (local $t v128) (local $n v128) (local $y v128)
    (local.set $x (f32x4.pmax (local.get $x) (v128.const f32x4 -87 -87 -87 -87)))
    ;; n = round(x·log2 e) by the 1.5·2^23 trick: t's low mantissa bits then hold n as an integer
    (local.set $t (f32x4.add (f32x4.mul (local.get $x) (v128.const f32x4 1.44269504 1.44269504 1.44269504 1.44269504))
      (v128.const f32x4 12582912 12582912 12582912 12582912)))
    (local.set $n (f32x4.sub (local.get $t) (v128.const f32x4 12582912 12582912 12582912 12582912)))
    (local.set $x (f32x4.sub (local.get $x) (f32x4.mul (local.get $n) (v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375))))
    (local.set $x (f32x4.sub (local.get $x) (f32x4.mul (local.get $n) (v128.const f32x4 -2.12194440e-4 -2.12194440e-4 -2.12194440e-4 -2.12194440e-4))))
    (local.set $y (v128.const f32x4 1.9875691500e-4 1.9875691500e-4 1.9875691500e-4 1.9875691500e-4))
    (local.set $y (f32x4.add (f32x4.mul (local.get $y) (local.get $x)) (v128.const f32x4 1.3981999507e-3 1.3981999507e-3 1.3981999507e-3 1.3981999507e-3)))
    (local.set $y (f32x4.add (f32x4.mul (local.get $y) (local.get $x)) (v128.const f32x4 8.3334519073e-3 8.3334519073e-3 8.3334519073e-3 8.3334519073e-3)))
    (local.set $y (f32x4.add (f32x4.mul (local.get $y) (local.get $x)) (v128.const f32x4 4.1665795894e-2 4.1665795894e-2 4.1665795894e-2 4.1665795894e-2)))
    (local.set $y (f32x4.add (f32x4.mul (local.get $y) (local.get $x)) (v128.const f32x4 1.6666665459e-1 1.6666665459e-1 1.6666665459e-1 1.6666665459e-1)))
    (local.set $y (f32x4.add (f32x4.mul (local.get $y) (local.get $x)) (v128.const f32x4 5.0000001201e-1 5.0000001201e-1 5.0000001201e-1 5.0000001201e-1)))
    (local.set $y (f32x4.add (f32x4.add (f32x4.mul (local.get $y) (f32x4.mul (local.get $x) (local.get $x))) (local.get $x))
      (v128.const f32x4 1 1 1 1)))
    ;; 2^n built in the exponent bits: (bits(t) + 127) << 23 = (n + 127) << 23, since bits(t) = 0x4b400000 + n and
    ;; the shift drops 0x4b400000 entirely
    (f32x4.mul (local.get $y)
      (i32x4.shl (i32x4.add (local.get $t) (v128.const i32x4 127 127 127 127)) (i32.const 23))))

  ;; 4 mask bytes at $p (1 = blocked) → 4 lanes, all ones where the key is allowed.
  (func $allowed4 (param $p i32) (result v128)
    (i32x4.eq
      (i32x4.extend_low_i16x8_u (i16x8.extend_low_i8x16_u (v128.load32_zero (local.get $p))))
      (v128.const i32x4 0 0 0 0)))

  ;; In place for each of $rows rows of S (row stride $ld, $cols keys): S[r] ← softmax($scale · S[r]) over the keys
  ;; the mask allows. $mask = 0 for none, else rows×cols bytes, row stride $cols, nonzero = blocked.
  ;; Blocked keys get exactly 0; a row whose every key is blocked becomes all zeros (never NaN).
  ;; Three passes per row: max (stability: the largest term is exp(0) = 1), exp and sum, scale by 1/sum.
  (func (export "softmax")
    (param $s i32) (param $ld i32) (param $rows i32) (param $cols i32) (param $scale f32) (param $mask i32)
    (local $r i32) (local $row i32) (local $mrow i32) (local $c i32) (local $c4 i32) (local $q i32)
    (local $vmax v128) (local $max f32) (local $v v128) (local $ok v128) (local $vsum v128) (local $sum f32)
    (local $vscale v128) (local $vshift v128) (local $x v128) (local $t4 v128) (local $n v128) (local $y v128) (local $inv v128)
    (local $t f32)
    (if (i32.or (i32.eqz (local.get $rows)) (i32.eqz (local.get $cols))) (then (return)))
    (local.set $c4 (i32.and (local.get $cols) (i32.const -4)))
    (local.set $vscale (f32x4.splat (local.get $scale)))
    (loop $rl
      (local.set $row (i32.add (local.get $s) (i32.shl (i32.mul (local.get $r) (local.get $ld)) (i32.const 2))))
      (local.set $mrow (i32.add (local.get $mask) (i32.mul (local.get $r) (local.get $cols))))
      ;; pass 1: the largest allowed score
      (local.set $vmax (v128.const f32x4 -inf -inf -inf -inf))
      (local.set $c (i32.const 0))
      (block $d1 (loop $l1
        (br_if $d1 (i32.ge_u (local.get $c) (local.get $c4)))
        (local.set $v (v128.load (i32.add (local.get $row) (i32.shl (local.get $c) (i32.const 2)))))
        (if (local.get $mask)
          (then (local.set $v (v128.bitselect (local.get $v) (v128.const f32x4 -inf -inf -inf -inf)
            (call $allowed4 (i32.add (local.get $mrow) (local.get $c)))))))
        (local.set $vmax (f32x4.pmax (local.get $vmax) (local.get $v)))
        (local.set $c (i32.add (local.get $c) (i32.const 4)))
        (br $l1)))
      (local.set $max
        (f32.max
          (f32.max (f32x4.extract_lane 0 (local.get $vmax)) (f32x4.extract_lane 1 (local.get $vmax)))
          (f32.max (f32x4.extract_lane 2 (local.get $vmax)) (f32x4.extract_lane 3 (local.get $vmax)))))
      (block $d1t (loop $l1t
        (br_if $d1t (i32.ge_u (local.get $c) (local.get $cols)))
        (if (i32.or (i32.eqz (local.get $mask))
                    (i32.eqz (i32.load8_u (i32.add (local.get $mrow) (local.get $c)))))
          (then (local.set $max (f32.max (local.get $max)
            (f32.load (i32.add (local.get $row) (i32.shl (local.get $c) (i32.const 2))))))))
        (local.set $c (i32.add (local.get $c) (i32.const 1)))
        (br $l1t)))
      (if (f32.eq (local.get $max) (f32.const -inf))
        (then
          ;; every key blocked: zeros, as the reference engine gives (PyTorch would give NaN)
          (memory.fill (local.get $row) (i32.const 0) (i32.shl (local.get $cols) (i32.const 2))))
        (else
          ;; pass 2: e = exp(scale·s − scale·max), 0 where blocked; keep the sum
          (local.set $vshift (f32x4.splat (f32.mul (local.get $max) (local.get $scale))))
          (local.set $vsum (v128.const f32x4 0 0 0 0))
          (local.set $c (i32.const 0))
          (block $d2 (loop $l2
            (br_if $d2 (i32.ge_u (local.get $c) (local.get $c4)))
            (local.set $q (i32.add (local.get $row) (i32.shl (local.get $c) (i32.const 2))))
            (local.set $x (f32x4.sub (f32x4.mul (v128.load (local.get $q)) (local.get $vscale)) (local.get $vshift)))
            ;; exp4 inlined (see $exp4); the upper clamp at 0 keeps blocked lanes (any value) finite
            (local.set $x (f32x4.pmin (f32x4.pmax (local.get $x) (v128.const f32x4 -87 -87 -87 -87)) (v128.const f32x4 0 0 0 0)))
            (local.set $t4 (f32x4.add (f32x4.mul (local.get $x) (v128.const f32x4 1.44269504 1.44269504 1.44269504 1.44269504))
              (v128.const f32x4 12582912 12582912 12582912 12582912)))
            (local.set $n (f32x4.sub (local.get $t4) (v128.const f32x4 12582912 12582912 12582912 12582912)))
            (local.set $x (f32x4.sub (local.get $x) (f32x4.mul (local.get $n) (v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375))))
            (local.set $x (f32x4.sub (local.get $x) (f32x4.mul (local.get $n) (v128.const f32x4 -2.12194440e-4 -2.12194440e-4 -2.12194440e-4 -2.12194440e-4))))
            (local.set $y (v128.const f32x4 1.9875691500e-4 1.9875691500e-4 1.9875691500e-4 1.9875691500e-4))
            (local.set $y (f32x4.add (f32x4.mul (local.get $y) (local.get $x)) (v128.const f32x4 1.3981999507e-3 1.3981999507e-3 1.3981999507e-3 1.3981999507e-3)))
            (local.set $y (f32x4.add (f32x4.mul (local.get $y) (local.get $x)) (v128.const f32x4 8.3334519073e-3 8.3334519073e-3 8.3334519073e-3 8.3334519073e-3)))
            (local.set $y (f32x4.add (f32x4.mul (local.get $y) (local.get $x)) (v128.const f32x4 4.1665795894e-2 4.1665795894e-2 4.1665795894e-2 4.1665795894e-2)))
            (local.set $y (f32x4.add (f32x4.mul (local.get $y) (local.get $x)) (v128.const f32x4 1.6666665459e-1 1.6666665459e-1 1.6666665459e-1 1.6666665459e-1)))
            (local.set $y (f32x4.add (f32x4.mul (local.get $y) (local.get $x)) (v128.const f32x4 5.0000001201e-1 5.0000001201e-1 5.0000001201e-1 5.0000001201e-1)))
            (local.set $y (f32x4.add (f32x4.add (f32x4.mul (local.get $y) (f32x4.mul (local.get $x) (local.get $x))) (local.get $x))
              (v128.const f32x4 1 1 1 1)))
            (local.set $y (f32x4.mul (local.get $y)
              (i32x4.shl (i32x4.add (local.get $t4) (v128.const i32x4 127 127 127 127)) (i32.const 23))))
            (if (local.get $mask)
              (then (local.set $y (v128.and (local.get $y) (call $allowed4 (i32.add (local.get $mrow) (local.get $c)))))))
            (v128.store (local.get $q) (local.get $y))
            (local.set $vsum (f32x4.add (local.get $vsum) (local.get $y)))
            (local.set $c (i32.add (local.get $c) (i32.const 4)))
            (br $l2)))
          (local.set $sum
            (f32.add
              (f32.add (f32x4.extract_lane 0 (local.get $vsum)) (f32x4.extract_lane 1 (local.get $vsum)))
              (f32.add (f32x4.extract_lane 2 (local.get $vsum)) (f32x4.extract_lane 3 (local.get $vsum)))))
          (block $d2t (loop $l2t
            (br_if $d2t (i32.ge_u (local.get $c) (local.get $cols)))
            (local.set $q (i32.add (local.get $row) (i32.shl (local.get $c) (i32.const 2))))
            (local.set $t (f32.const 0))
            (if (i32.or (i32.eqz (local.get $mask))
                        (i32.eqz (i32.load8_u (i32.add (local.get $mrow) (local.get $c)))))
              (then (local.set $t (f32x4.extract_lane 0 (call $exp4 (f32x4.splat
                (f32.sub (f32.mul (f32.load (local.get $q)) (local.get $scale)) (f32x4.extract_lane 0 (local.get $vshift)))))))))
            (f32.store (local.get $q) (local.get $t))
            (local.set $sum (f32.add (local.get $sum) (local.get $t)))
            (local.set $c (i32.add (local.get $c) (i32.const 1)))
            (br $l2t)))
          ;; pass 3: normalise
          (local.set $inv (f32x4.splat (f32.div (f32.const 1) (local.get $sum))))
          (local.set $c (i32.const 0))
          (block $d3 (loop $l3
            (br_if $d3 (i32.ge_u (local.get $c) (local.get $c4)))
            (local.set $q (i32.add (local.get $row) (i32.shl (local.get $c) (i32.const 2))))
            (v128.store (local.get $q) (f32x4.mul (v128.load (local.get $q)) (local.get $inv)))
            (local.set $c (i32.add (local.get $c) (i32.const 4)))
            (br $l3)))
          (block $d3t (loop $l3t
            (br_if $d3t (i32.ge_u (local.get $c) (local.get $cols)))
            (local.set $q (i32.add (local.get $row) (i32.shl (local.get $c) (i32.const 2))))
            (f32.store (local.get $q) (f32.mul (f32.load (local.get $q)) (f32x4.extract_lane 0 (local.get $inv))))
            (local.set $c (i32.add (local.get $c) (i32.const 1)))
            (br $l3t)))))
      (local.set $r (i32.add (local.get $r) (i32.const 1)))
      (br_if $rl (i32.lt_u (local.get $r) (local.get $rows)))))

  ;; Zeros columns [$col, $col + $cnt) of $rows rows (row stride $ld) at $p: a disabled head's slice of the concat.
  (func (export "zero_cols") (param $p i32) (param $ld i32) (param $rows i32) (param $col i32) (param $cnt i32)
    (local $r i32)
    (if (i32.or (i32.eqz (local.get $rows)) (i32.eqz (local.get $cnt))) (then (return)))
    (local.set $p (i32.add (local.get $p) (i32.shl (local.get $col) (i32.const 2))))
    (loop $rl
      (memory.fill (local.get $p) (i32.const 0) (i32.shl (local.get $cnt) (i32.const 2)))
      (local.set $p (i32.add (local.get $p) (i32.shl (local.get $ld) (i32.const 2))))
      (local.set $r (i32.add (local.get $r) (i32.const 1)))
      (br_if $rl (i32.lt_u (local.get $r) (local.get $rows)))))

  ;; The sum of a vector's four lanes.
  (func $hsum (param $v v128) (result f32)
    (f32.add
      (f32.add (f32x4.extract_lane 0 (local.get $v)) (f32x4.extract_lane 1 (local.get $v)))
      (f32.add (f32x4.extract_lane 2 (local.get $v)) (f32x4.extract_lane 3 (local.get $v)))))

  ;; LayerNorm of $rows rows of $n features (x at $x, row stride $ldx) into $out (row stride $ldo; $out = $x is
  ;; allowed): out = (x − mean) · 1/√(var + $eps) · γ + β with the biased variance, as PyTorch and layerNorm.ts
  ;; (which sums in double). γ and β are $n floats each. Any $n: four features at a time, then the rest one by one.
  ;; In float32 the mean m0 of pass 1 can be off by an ulp of the row's offset, which normalising a row of small
  ;; spread would magnify (values −1 ± 0.01: ×170), so pass 2 also sums d = x − m0: the mean is m0 + lo with
  ;; lo = Σd/n, the variance Σd²/n − lo² (the corrected two-pass formula), and pass 3 subtracts m0, then lo.
  (func (export "layer_norm")
    (param $x i32) (param $ldx i32) (param $rows i32) (param $n i32)
    (param $gamma i32) (param $beta i32) (param $eps f32) (param $out i32) (param $ldo i32)
    (local $r i32) (local $c i32) (local $n4 i32) (local $xr i32) (local $or i32) (local $off i32)
    (local $vsum v128) (local $vsq v128) (local $sum f32) (local $sq f32) (local $mean f32) (local $vmean v128)
    (local $lo f32) (local $vlo v128) (local $d v128) (local $ds f32)
    (local $inv f32) (local $vinv v128) (local $nf f32)
    (if (i32.or (i32.eqz (local.get $rows)) (i32.eqz (local.get $n))) (then (return)))
    (local.set $n4 (i32.and (local.get $n) (i32.const -4)))
    (local.set $nf (f32.convert_i32_u (local.get $n)))
    (loop $rl
      (local.set $xr (i32.add (local.get $x) (i32.shl (i32.mul (local.get $r) (local.get $ldx)) (i32.const 2))))
      (local.set $or (i32.add (local.get $out) (i32.shl (i32.mul (local.get $r) (local.get $ldo)) (i32.const 2))))
      ;; pass 1: m0, the mean in float32
      (local.set $vsum (v128.const f32x4 0 0 0 0))
      (local.set $c (i32.const 0))
      (block $d1 (loop $l1
        (br_if $d1 (i32.ge_u (local.get $c) (local.get $n4)))
        (local.set $vsum (f32x4.add (local.get $vsum) (v128.load (i32.add (local.get $xr) (i32.shl (local.get $c) (i32.const 2))))))
        (local.set $c (i32.add (local.get $c) (i32.const 4)))
        (br $l1)))
      (local.set $sum (call $hsum (local.get $vsum)))
      (block $d1t (loop $l1t
        (br_if $d1t (i32.ge_u (local.get $c) (local.get $n)))
        (local.set $sum (f32.add (local.get $sum) (f32.load (i32.add (local.get $xr) (i32.shl (local.get $c) (i32.const 2))))))
        (local.set $c (i32.add (local.get $c) (i32.const 1)))
        (br $l1t)))
      (local.set $mean (f32.div (local.get $sum) (local.get $nf)))
      (local.set $vmean (f32x4.splat (local.get $mean)))
      ;; pass 2: Σd and Σd², d = x − m0
      (local.set $vsum (v128.const f32x4 0 0 0 0))
      (local.set $vsq (v128.const f32x4 0 0 0 0))
      (local.set $c (i32.const 0))
      (block $d2 (loop $l2
        (br_if $d2 (i32.ge_u (local.get $c) (local.get $n4)))
        (local.set $d (f32x4.sub (v128.load (i32.add (local.get $xr) (i32.shl (local.get $c) (i32.const 2)))) (local.get $vmean)))
        (local.set $vsum (f32x4.add (local.get $vsum) (local.get $d)))
        (local.set $vsq (f32x4.add (local.get $vsq) (f32x4.mul (local.get $d) (local.get $d))))
        (local.set $c (i32.add (local.get $c) (i32.const 4)))
        (br $l2)))
      (local.set $sum (call $hsum (local.get $vsum)))
      (local.set $sq (call $hsum (local.get $vsq)))
      (block $d2t (loop $l2t
        (br_if $d2t (i32.ge_u (local.get $c) (local.get $n)))
        (local.set $ds (f32.sub (f32.load (i32.add (local.get $xr) (i32.shl (local.get $c) (i32.const 2)))) (local.get $mean)))
        (local.set $sum (f32.add (local.get $sum) (local.get $ds)))
        (local.set $sq (f32.add (local.get $sq) (f32.mul (local.get $ds) (local.get $ds))))
        (local.set $c (i32.add (local.get $c) (i32.const 1)))
        (br $l2t)))
      (local.set $lo (f32.div (local.get $sum) (local.get $nf)))
      (local.set $vlo (f32x4.splat (local.get $lo)))
      ;; var = Σd²/n − lo² (never below 0: Σd² ≥ (Σd)²/n, up to rounding)
      (local.set $inv (f32.div (f32.const 1) (f32.sqrt (f32.add
        (f32.max (f32.sub (f32.div (local.get $sq) (local.get $nf)) (f32.mul (local.get $lo) (local.get $lo))) (f32.const 0))
        (local.get $eps)))))
      (local.set $vinv (f32x4.splat (local.get $inv)))
      ;; pass 3: ((x − m0) − lo) · inv · γ + β
      (local.set $c (i32.const 0))
      (block $d3 (loop $l3
        (br_if $d3 (i32.ge_u (local.get $c) (local.get $n4)))
        (local.set $off (i32.shl (local.get $c) (i32.const 2)))
        (v128.store (i32.add (local.get $or) (local.get $off))
          (f32x4.add
            (f32x4.mul
              (f32x4.mul
                (f32x4.sub (f32x4.sub (v128.load (i32.add (local.get $xr) (local.get $off))) (local.get $vmean)) (local.get $vlo))
                (local.get $vinv))
              (v128.load (i32.add (local.get $gamma) (local.get $off))))
            (v128.load (i32.add (local.get $beta) (local.get $off)))))
        (local.set $c (i32.add (local.get $c) (i32.const 4)))
        (br $l3)))
      (block $d3t (loop $l3t
        (br_if $d3t (i32.ge_u (local.get $c) (local.get $n)))
        (local.set $off (i32.shl (local.get $c) (i32.const 2)))
        (f32.store (i32.add (local.get $or) (local.get $off))
          (f32.add
            (f32.mul
              (f32.mul
                (f32.sub (f32.sub (f32.load (i32.add (local.get $xr) (local.get $off))) (local.get $mean)) (local.get $lo))
                (local.get $inv))
              (f32.load (i32.add (local.get $gamma) (local.get $off))))
            (f32.load (i32.add (local.get $beta) (local.get $off)))))
        (local.set $c (i32.add (local.get $c) (i32.const 1)))
        (br $l3t)))
      (local.set $r (i32.add (local.get $r) (i32.const 1)))
      (br_if $rl (i32.lt_u (local.get $r) (local.get $rows)))))

  ;; GPT-2's GELU, lane-wise: x/2 · (1 + tanh(y)), y = √(2/π)·(x + 0.044715·x³), as gelu.ts' geluTanh. With
  ;; e = exp(−2|y|): 1 + tanh(y) is 2/(1 + e) for y ≥ 0 and 2e/(1 + e) for y < 0, so neither side cancels.
  (func $gelu_tanh4 (param $x v128) (result v128)
    (local $y v128) (local $e v128)
    (local.set $y (f32x4.mul (v128.const f32x4 0.7978845608 0.7978845608 0.7978845608 0.7978845608)
      (f32x4.add (local.get $x)
        (f32x4.mul (f32x4.mul (f32x4.mul (v128.const f32x4 0.044715 0.044715 0.044715 0.044715) (local.get $x)) (local.get $x)) (local.get $x)))))
    (local.set $e (call $exp4 (f32x4.mul (f32x4.abs (local.get $y)) (v128.const f32x4 -2 -2 -2 -2))))
    (f32x4.div
      (f32x4.mul (local.get $x)
        (v128.bitselect (local.get $e) (v128.const f32x4 1 1 1 1) (f32x4.lt (local.get $y) (v128.const f32x4 0 0 0 0))))
      (f32x4.add (v128.const f32x4 1 1 1 1) (local.get $e))))

  ;; The activation on whole vectors from $p up to $end ($end − $p a multiple of 16 bytes), in place; $kind as
  ;; `activate`.
  ;;
  ;; Exact GELU ($kind 1), lane-wise: x·Φ(x), Φ the standard normal CDF, as gelu.ts (which sums erf's series in
  ;; double). Φ(−|x|) = erfc(z)/2 with z = |x|/√2, and erfc(z) = t·exp(−z² + P(t)), t = 1/(1 + z/2), P of degree 9: the
  ;; Chebyshev fit of Numerical Recipes' erfcc, relative error below 1.2e-7 for every z ≥ 0. Working with erfc, not
  ;; 1 + erf, keeps the negative tail (Φ tiny) accurate relative to its size; Φ(x) = 1 − Φ(−x) for x ≥ 0.
  ;; −z² = −x²/2 is the exponent's large part: rounding it would cost up to z²·6e-8 of relative error in the tail,
  ;; so it is kept exact: xh = |x| with the low 12 of its 24 significant bits cleared squares exactly, the remainder
  ;; (xl·(|x| + xh), small) joins P, and the sum's rounding error (TwoSum) multiplies back as (1 + err).
  ;; Overall ~1e-6 relative to gelu(x) wherever gelu(x) is a normal float (|x| < ~13).
  ;; Its loop has the steps of $exp4 written inline: a call per vector costs about as much as the arithmetic.
  (func $activate_vectors (param $p i32) (param $end i32) (param $kind i32)
    (local $x v128) (local $ax v128) (local $t v128) (local $poly v128) (local $xh v128) (local $xl v128)
    (local $e v128) (local $c v128) (local $s v128) (local $bb v128) (local $err v128) (local $q v128)
    (local $r v128) (local $t4 v128) (local $n v128) (local $y v128)
    (if (i32.eq (local.get $kind) (i32.const 1))
      (then
        (block $d (loop $l
          (br_if $d (i32.ge_u (local.get $p) (local.get $end)))
          (local.set $x (v128.load (local.get $p)))
          (local.set $ax (f32x4.abs (local.get $x)))
          (local.set $t (f32x4.div (v128.const f32x4 1 1 1 1)
            (f32x4.add (v128.const f32x4 1 1 1 1) (f32x4.mul (local.get $ax) (v128.const f32x4 0.35355339 0.35355339 0.35355339 0.35355339)))))
          (local.set $poly (v128.const f32x4 0.17087277 0.17087277 0.17087277 0.17087277))
          (local.set $poly (f32x4.add (f32x4.mul (local.get $poly) (local.get $t)) (v128.const f32x4 -0.82215223 -0.82215223 -0.82215223 -0.82215223)))
          (local.set $poly (f32x4.add (f32x4.mul (local.get $poly) (local.get $t)) (v128.const f32x4 1.48851587 1.48851587 1.48851587 1.48851587)))
          (local.set $poly (f32x4.add (f32x4.mul (local.get $poly) (local.get $t)) (v128.const f32x4 -1.13520398 -1.13520398 -1.13520398 -1.13520398)))
          (local.set $poly (f32x4.add (f32x4.mul (local.get $poly) (local.get $t)) (v128.const f32x4 0.27886807 0.27886807 0.27886807 0.27886807)))
          (local.set $poly (f32x4.add (f32x4.mul (local.get $poly) (local.get $t)) (v128.const f32x4 -0.18628806 -0.18628806 -0.18628806 -0.18628806)))
          (local.set $poly (f32x4.add (f32x4.mul (local.get $poly) (local.get $t)) (v128.const f32x4 0.09678418 0.09678418 0.09678418 0.09678418)))
          (local.set $poly (f32x4.add (f32x4.mul (local.get $poly) (local.get $t)) (v128.const f32x4 0.37409196 0.37409196 0.37409196 0.37409196)))
          (local.set $poly (f32x4.add (f32x4.mul (local.get $poly) (local.get $t)) (v128.const f32x4 1.00002368 1.00002368 1.00002368 1.00002368)))
          (local.set $poly (f32x4.add (f32x4.mul (local.get $poly) (local.get $t)) (v128.const f32x4 -1.26551223 -1.26551223 -1.26551223 -1.26551223)))
          (local.set $xh (v128.and (local.get $ax) (v128.const i32x4 -4096 -4096 -4096 -4096)))
          (local.set $xl (f32x4.sub (local.get $ax) (local.get $xh)))
          (local.set $e (f32x4.mul (f32x4.mul (local.get $xh) (local.get $xh)) (v128.const f32x4 -0.5 -0.5 -0.5 -0.5)))
          (local.set $c (f32x4.sub (local.get $poly)
            (f32x4.mul (f32x4.mul (local.get $xl) (f32x4.add (local.get $ax) (local.get $xh))) (v128.const f32x4 0.5 0.5 0.5 0.5))))
          (local.set $s (f32x4.add (local.get $e) (local.get $c)))
          (local.set $bb (f32x4.sub (local.get $s) (local.get $e)))
          (local.set $err (f32x4.add (f32x4.sub (local.get $e) (f32x4.sub (local.get $s) (local.get $bb))) (f32x4.sub (local.get $c) (local.get $bb))))
          ;; r = exp(s), the steps of $exp4
          (local.set $r (f32x4.pmax (local.get $s) (v128.const f32x4 -87 -87 -87 -87)))
          (local.set $t4 (f32x4.add (f32x4.mul (local.get $r) (v128.const f32x4 1.44269504 1.44269504 1.44269504 1.44269504))
            (v128.const f32x4 12582912 12582912 12582912 12582912)))
          (local.set $n (f32x4.sub (local.get $t4) (v128.const f32x4 12582912 12582912 12582912 12582912)))
          (local.set $r (f32x4.sub (local.get $r) (f32x4.mul (local.get $n) (v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375))))
          (local.set $r (f32x4.sub (local.get $r) (f32x4.mul (local.get $n) (v128.const f32x4 -2.12194440e-4 -2.12194440e-4 -2.12194440e-4 -2.12194440e-4))))
          (local.set $y (v128.const f32x4 1.9875691500e-4 1.9875691500e-4 1.9875691500e-4 1.9875691500e-4))
          (local.set $y (f32x4.add (f32x4.mul (local.get $y) (local.get $r)) (v128.const f32x4 1.3981999507e-3 1.3981999507e-3 1.3981999507e-3 1.3981999507e-3)))
          (local.set $y (f32x4.add (f32x4.mul (local.get $y) (local.get $r)) (v128.const f32x4 8.3334519073e-3 8.3334519073e-3 8.3334519073e-3 8.3334519073e-3)))
          (local.set $y (f32x4.add (f32x4.mul (local.get $y) (local.get $r)) (v128.const f32x4 4.1665795894e-2 4.1665795894e-2 4.1665795894e-2 4.1665795894e-2)))
          (local.set $y (f32x4.add (f32x4.mul (local.get $y) (local.get $r)) (v128.const f32x4 1.6666665459e-1 1.6666665459e-1 1.6666665459e-1 1.6666665459e-1)))
          (local.set $y (f32x4.add (f32x4.mul (local.get $y) (local.get $r)) (v128.const f32x4 5.0000001201e-1 5.0000001201e-1 5.0000001201e-1 5.0000001201e-1)))
          (local.set $y (f32x4.add (f32x4.add (f32x4.mul (local.get $y) (f32x4.mul (local.get $r) (local.get $r))) (local.get $r))
            (v128.const f32x4 1 1 1 1)))
          (local.set $r (f32x4.mul (local.get $y)
            (i32x4.shl (i32x4.add (local.get $t4) (v128.const i32x4 127 127 127 127)) (i32.const 23))))
          (local.set $q (f32x4.mul
            (f32x4.mul (f32x4.mul (local.get $t) (v128.const f32x4 0.5 0.5 0.5 0.5)) (local.get $r))
            (f32x4.add (v128.const f32x4 1 1 1 1) (local.get $err))))
          (v128.store (local.get $p)
            (f32x4.mul (local.get $x)
              (v128.bitselect (local.get $q) (f32x4.sub (v128.const f32x4 1 1 1 1) (local.get $q))
                (f32x4.lt (local.get $x) (v128.const f32x4 0 0 0 0)))))
          (local.set $p (i32.add (local.get $p) (i32.const 16)))
          (br $l)))
        (return)))
    (if (i32.eq (local.get $kind) (i32.const 2))
      (then
        (block $d2 (loop $l2
          (br_if $d2 (i32.ge_u (local.get $p) (local.get $end)))
          (v128.store (local.get $p) (call $gelu_tanh4 (v128.load (local.get $p))))
          (local.set $p (i32.add (local.get $p) (i32.const 16)))
          (br $l2)))
        (return)))
    (block $d0 (loop $l0
      (br_if $d0 (i32.ge_u (local.get $p) (local.get $end)))
      (v128.store (local.get $p) (f32x4.pmax (v128.load (local.get $p)) (v128.const f32x4 0 0 0 0)))
      (local.set $p (i32.add (local.get $p) (i32.const 16)))
      (br $l0))))

  ;; In place on $count floats at $p: the feed-forward network's activation, $kind 0 = ReLU (x < 0 → 0, as
  ;; activateInPlace), 1 = exact GELU, 2 = tanh GELU ($gelu_tanh4). Whole vectors in place; the last
  ;; 1–3 floats through scratch bytes 0..15, as one vector.
  (func (export "activate") (param $p i32) (param $count i32) (param $kind i32)
    (local $tail i32) (local $rest i32)
    (local.set $tail (i32.add (local.get $p) (i32.shl (i32.and (local.get $count) (i32.const -4)) (i32.const 2))))
    (call $activate_vectors (local.get $p) (local.get $tail) (local.get $kind))
    (local.set $rest (i32.shl (i32.and (local.get $count) (i32.const 3)) (i32.const 2)))
    (if (local.get $rest)
      (then
        (memory.copy (i32.const 0) (local.get $tail) (local.get $rest))
        (call $activate_vectors (i32.const 0) (i32.const 16) (local.get $kind))
        (memory.copy (local.get $tail) (i32.const 0) (local.get $rest)))))
)
