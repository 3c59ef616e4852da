;; Attention Lab WebAssembly kernels (f32x4 SIMD): packing, a register-blocked GEMM, a masked softmax.
;; Built by `npm run build:wasm` into kernels.generated.ts; src/engine/wasm/fastAttention.ts drives them.
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
)
